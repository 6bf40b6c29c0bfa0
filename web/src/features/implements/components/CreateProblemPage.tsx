import { useMutation } from "@apollo/client/react";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { Page } from "../../../components/layouts/Page";
import { ActionFeedback } from "../../../components/ui/ActionFeedback";
import { Button, ButtonLink } from "../../../components/ui/Button";
import { Card } from "../../../components/ui/Card";
import { ArrowLeftIcon } from "../../../components/ui/icons";
import { PageHeader } from "../../../components/ui/PageHeader";
import { TextArea, TextField } from "../../../components/ui/TextField";
import { CreateImplementPostDocument } from "../../../gql/graphql";
import { errorText } from "../../../lib/graphql-errors";
import { LIMITS, MESSAGES } from "../utils/rules";
import { type Viewer } from "./WithViewer";
import styles from "./implements.module.css";
import { paths } from "../../../lib/paths";
import { useActionFeedback } from "../../../lib/use-action-feedback";
import { useFormAction } from "../../../lib/use-form-action";

/** /implements/:userId/:userName/create: Title and Description, both required. */
export function CreateProblemPage({ me }: { me: Viewer }) {
  const navigate = useNavigate();
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  // Every missing field at once, each at its field: not one per Post Problem.
  const [invalid, setInvalid] = useState<{ title: boolean; description: boolean }>({ title: false, description: false });
  const { busy, run } = useFormAction();
  // A refused post shows at the bottom of the screen, where the student tapped Post Problem;
  // a missing title or description shows at its field.
  const answer = useActionFeedback();
  const [create] = useMutation(CreateImplementPostDocument);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const missing = { title: !title.trim(), description: !description.trim() };
    setInvalid(missing);
    answer.clear();
    const field = missing.title ? "title" : missing.description ? "description" : null;
    if (field) {
      // The first one's error is where the student looks once the field is on screen (the button is far below on a phone).
      (event.currentTarget as HTMLFormElement).querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
      return;
    }
    await run(
      async () => {
        await create({ variables: { input: { title: title.trim(), description: description.trim() } } });
        navigate(paths.implements.mine(me.id));
      },
      {
        onError: (e) => {
          answer.show({ variant: "danger", text: errorText(e) });
          return null;
        },
      },
    );
  }

  return (
    <Page width="narrow">
      <title>Post Problem · Skill Exchange</title>
      <PageHeader
        back={
          <ButtonLink to={paths.implements.list(me.id, me.name)} variant="ghost" size="sm" startIcon={<ArrowLeftIcon size={16} />}>
            Back
          </ButtonLink>
        }
        eyebrow="Implements"
        title="Post Problem"
        description="Describe a project you want to build with others. Students who want to join tell you why, and you choose who joins."
      />
      <Card padding="lg">
        <form className={styles.form} onSubmit={submit} noValidate>
          <TextField
            label="Title"
            name="title"
            required
            maxLength={LIMITS.title}
            value={title}
            onChange={(e) => {
              setTitle(e.target.value);
              if (invalid.title) setInvalid({ ...invalid, title: false });
            }}
            hint={`${title.length}/${LIMITS.title}`}
            error={invalid.title ? MESSAGES.titleRequired : undefined}
          />
          <TextArea
            label="Description"
            name="description"
            required
            rows={8}
            maxLength={LIMITS.description}
            value={description}
            onChange={(e) => {
              setDescription(e.target.value);
              if (invalid.description) setInvalid({ ...invalid, description: false });
            }}
            hint={`What is the problem, what skills does it need, and how will you work together? ${description.length}/${LIMITS.description}`}
            error={invalid.description ? MESSAGES.descriptionRequired : undefined}
          />
          <div className={styles.formActions}>
            <ButtonLink to={paths.implements.mine(me.id)} variant="ghost">
              Cancel
            </ButtonLink>
            <Button type="submit" loading={busy} loadingText="Posting...">
              Post Problem
            </Button>
          </div>
        </form>
      </Card>
      <ActionFeedback feedback={answer.feedback} onDismiss={answer.clear} />
    </Page>
  );
}
