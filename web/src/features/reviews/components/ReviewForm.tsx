import { useMutation, useQuery } from "@apollo/client/react";
import { type FormEvent, useState } from "react";
import { Alert } from "../../../components/ui/Alert";
import { Button } from "../../../components/ui/Button";
import { Card } from "../../../components/ui/Card";
import { LoadError } from "../../../components/ui/LoadError";
import { TextArea } from "../../../components/ui/TextField";
import { ChatReviewDocument, WriteReviewDocument } from "../../../gql/graphql";
import { formatDate } from "../../../lib/format-date";
import { useFormAction } from "../../../lib/use-form-action";
import { blindText, MAX_REVIEW_CHARS, reviewLength, reviewTextError } from "../utils/review-texts";
import styles from "./Reviews.module.css";

/**
 * "Write a review" on a finished chat: the text with a counter and the form's checks, the
 * double-blind promise, then the review as written (final: never editable). Renders nothing
 * until the chat is completed.
 */
export function ReviewForm({ chatWith, partnerName }: { chatWith: string; partnerName: string }) {
  const { data, error, refetch } = useQuery(ChatReviewDocument, { variables: { chatWith }, fetchPolicy: "cache-and-network" });
  const [write] = useMutation(WriteReviewDocument);
  const [text, setText] = useState("");
  const [touched, setTouched] = useState(false);
  const action = useFormAction();
  const state = data?.chat.review;

  if (!state) return error ? <LoadError message="Your review could not be loaded." onRetry={() => void refetch()} /> : null;
  if (!state.writableUntil) return null;
  const until = state.writableUntil;

  if (state.mine) {
    const mine = state.mine;
    return (
      <Card as="section" padding="md" className={styles.form} aria-labelledby="my-review-title">
        <h2 id="my-review-title" className={styles.title}>
          Your review of {partnerName}
        </h2>
        <p className={styles.text}>{mine.text}</p>
        <p className={styles.pending} role="status">
          {mine.visible ? `Shown on ${partnerName}'s profile since ${formatDate(mine.visibleAt)}.` : blindText(partnerName, mine.visibleAt)}
        </p>
      </Card>
    );
  }
  if (!state.canWrite) return state.reason ? <Alert variant="info">{state.reason}</Alert> : null;

  const length = reviewLength(text);
  const check = reviewTextError(text);
  const shownError = action.error ?? (touched ? check : null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (check) return action.fail(check);
    await action.run(() => write({ variables: { chatWith, text: text.trim() }, refetchQueries: [ChatReviewDocument] }));
  };
  return (
    <Card as="section" padding="md" aria-labelledby="write-review-title">
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <h2 id="write-review-title" className={styles.title}>
          Write a review
        </h2>
        <p className={styles.intro}>
          {blindText(partnerName, until)} Reviews cannot be edited once posted; you can write one until {formatDate(until)}.
        </p>
        <TextArea
          label={`What did you learn from ${partnerName}, and how did it go?`}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (action.error) action.reset();
          }}
          onBlur={() => setTouched(text.length > 0)}
          rows={5}
          error={shownError ?? undefined}
          required
        />
        <span className={`${styles.counter} ${length > MAX_REVIEW_CHARS ? styles.counterOver : ""}`} aria-live="polite">
          {length} / {MAX_REVIEW_CHARS} characters
        </span>
        <div className={styles.actions}>
          <Button type="submit" loading={action.busy} loadingText="Posting...">
            Post review
          </Button>
        </div>
      </form>
    </Card>
  );
}
