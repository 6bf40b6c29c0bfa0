import { useApolloClient, useMutation } from "@apollo/client/react";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { DELETED_STUDENT_NAME, PRIVACY_MESSAGES } from "../../../../../common/accounts";
import { ActionFeedback } from "../../../components/ui/ActionFeedback";
import { Alert } from "../../../components/ui/Alert";
import { Button } from "../../../components/ui/Button";
import { Card } from "../../../components/ui/Card";
import { FormDialog } from "../../../components/ui/FormDialog";
import { TextField } from "../../../components/ui/TextField";
import { MyDataExportDocument, type MyDataExportQuery, DeleteAccountDocument } from "../../../gql/graphql";
import { signOut } from "../../../lib/apollo-client";
import { errorText } from "../../../lib/graphql-errors";
import { useActionFeedback } from "../../../lib/use-action-feedback";
import styles from "./AccountDataPanel.module.css";
import { paths } from "../../../lib/paths";
import { useFormAction } from "../../../lib/use-form-action";

/** Saves `text` as a file through a temporary link (no server round trip beyond the query). */
function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** On one's own profile: download everything the product holds as JSON, or delete the account. */
export function AccountDataPanel({ userId }: { userId: string }) {
  const client = useApolloClient();
  const navigate = useNavigate();
  const exporting = useFormAction();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const deleting = useFormAction();
  const [remove] = useMutation(DeleteAccountDocument);

  // Download's answer, at the bottom of the screen (the panel is far down the profile on a phone).
  const answer = useActionFeedback();

  const onDownload = () => {
    answer.clear();
    const file = `skill-exchange-${userId}.json`;
    return exporting.run(
      async () => {
        const { data } = await client.query<MyDataExportQuery>({ query: MyDataExportDocument, fetchPolicy: "network-only" });
        if (!data) return;
        download(data.myDataExport, file);
        answer.show({ variant: "success", text: `Your data is downloaded as ${file}.` });
      },
      {
        onError: (e) => {
          answer.show({ variant: "danger", text: errorText(e) });
          return null;
        },
      },
    );
  };

  async function onDelete(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (deleting.busy) return;
    if (!password) return deleting.fail(PRIVACY_MESSAGES.passwordRequired);
    await deleting.run(async () => {
      await remove({ variables: { password } });
      await signOut();
      navigate(paths.accountDeleted, { replace: true });
    });
  }

  const close = () => {
    setOpen(false);
    setPassword("");
    deleting.reset();
  };

  return (
    <Card as="section" padding="md" className={styles.panel} aria-labelledby="account-data-title">
      <h2 id="account-data-title" className={styles.title}>
        Your data
      </h2>
      <p className={styles.text}>
        Download everything Skill Exchange holds about you (profile, chats and messages, notifications, skill coin history, implements,
        reports) as a JSON file, or delete your account.
      </p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onDownload} loading={exporting.busy} loadingText="Preparing...">
          Download my data
        </Button>
        <Button
          variant="danger"
          onClick={() => {
            answer.clear();
            setOpen(true);
          }}
          aria-haspopup="dialog"
        >
          Delete my account
        </Button>
      </div>
      <FormDialog
        open={open}
        onClose={close}
        role="alertdialog"
        title="Delete your account?"
        description="This cannot be undone."
        onSubmit={onDelete}
        submitLabel="Delete my account"
        submitVariant="danger"
        busy={deleting.busy}
        busyLabel="Deleting..."
      >
        <ul className={styles.list}>
          <li>Your profile, skills, notifications, implements and sign-in go for good.</li>
          <li>Your messages stay in your partners' chats, shown as from "{DELETED_STUDENT_NAME}"; chats in progress close.</li>
          <li>The reviews you wrote and the reviews about you, with their answers, are removed.</li>
          <li>Coins held for a lesson go back to whoever paid; your remaining skill coins are forfeited.</li>
          <li>Your college mail can be used to register again.</li>
        </ul>
        {deleting.error && <Alert variant="danger">{deleting.error}</Alert>}
        <TextField
          label="Your password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={deleting.error ? true : undefined}
        />
      </FormDialog>
      <ActionFeedback feedback={answer.feedback} onDismiss={answer.clear} />
    </Card>
  );
}
