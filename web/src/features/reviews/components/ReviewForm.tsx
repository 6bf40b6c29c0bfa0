import { useMutation, useQuery, useSubscription } from "@apollo/client/react";
import { type FormEvent, useState } from "react";
import { ActionFeedback } from "../../../components/ui/ActionFeedback";
import { Button } from "../../../components/ui/Button";
import { FormDialog } from "../../../components/ui/FormDialog";
import { LoadError } from "../../../components/ui/LoadError";
import { TextArea } from "../../../components/ui/TextField";
import { ChatReviewChangedDocument, ChatReviewDocument, WriteReviewDocument } from "../../../gql/graphql";
import { formatDate } from "../../../lib/format-date";
import { useActionFeedback } from "../../../lib/use-action-feedback";
import { useFormAction } from "../../../lib/use-form-action";
import { blindText, MAX_REVIEW_CHARS, reviewLength, reviewTextError } from "../utils/review-texts";
import { ChatStrip, chatStripText } from "../../../components/ui/ChatStrip";
import styles from "./Reviews.module.css";

/**
 * The finished chat's review strip: "Write a review" opens the form (text with a counter and the
 * form's checks, the double-blind promise); then the review as written, final (never editable).
 * Renders nothing until the chat is completed.
 */
export function ReviewForm({ chatWith, partnerName }: { chatWith: string; partnerName: string }) {
  const { data, error, refetch } = useQuery(ChatReviewDocument, { variables: { chatWith }, fetchPolicy: "cache-and-network" });
  const [open, setOpen] = useState(false);
  // Posting's answer, at the bottom of the screen (the strip may be scrolled away on a phone).
  const answer = useActionFeedback();
  const state = data?.chat.review;
  // The chat changed (finished, or the partner's review showed both): its review state is read again, so "shown when
  // they write theirs" does not outlive the partner's review. Nothing is left to change once the review shows.
  useSubscription(ChatReviewChangedDocument, {
    variables: { chatWith },
    skip: !state || Boolean(state.mine?.visible),
    onData: () => void refetch(),
  });

  if (!state) return error ? <LoadError message="Your review could not be loaded." onRetry={() => void refetch()} /> : null;
  if (!state.writableUntil) return null;
  const mine = state.mine;
  if (!mine && !state.canWrite && !state.reason) return null;

  return (
    <ChatStrip
      title={mine ? `Your review of ${partnerName}` : "Review"}
      action={
        !mine &&
        state.canWrite && (
          <Button
            variant="primary"
            size="sm"
            onClick={() => {
              answer.clear();
              setOpen(true);
            }}
          >
            Write a review
          </Button>
        )
      }
    >
      {mine ? (
        <>
          <p className={styles.mineText} dir="auto">
            {mine.text}
          </p>
          <p className={chatStripText} role="status">
            {mine.visible
              ? `Shown on ${partnerName}'s profile since ${formatDate(mine.visibleAt)}.`
              : blindText(partnerName, mine.visibleAt)}
          </p>
        </>
      ) : state.canWrite ? (
        <p className={chatStripText}>
          Tell other students what you learned from {partnerName} and how it went, until {formatDate(state.writableUntil)}.
        </p>
      ) : (
        <p className={chatStripText}>{state.reason}</p>
      )}
      {open && (
        <WriteDialog
          chatWith={chatWith}
          partnerName={partnerName}
          until={state.writableUntil}
          onClose={() => setOpen(false)}
          onPosted={() => answer.show({ variant: "success", text: `Your review of ${partnerName} is posted.` })}
        />
      )}
      <ActionFeedback feedback={answer.feedback} onDismiss={answer.clear} />
    </ChatStrip>
  );
}

function WriteDialog({
  chatWith,
  partnerName,
  until,
  onClose,
  onPosted,
}: {
  chatWith: string;
  partnerName: string;
  until: string;
  onClose: () => void;
  onPosted: () => void;
}) {
  const [write] = useMutation(WriteReviewDocument);
  const [text, setText] = useState("");
  const [touched, setTouched] = useState(false);
  const action = useFormAction();
  const length = reviewLength(text);
  const check = reviewTextError(text);
  const shownError = action.error ?? (touched ? check : null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (check) return action.fail(check);
    const done = await action.run(() => write({ variables: { chatWith, text: text.trim() }, refetchQueries: [ChatReviewDocument] }));
    if (!done) return;
    onClose();
    onPosted();
  };
  return (
    <FormDialog
      open
      onClose={onClose}
      title={`Write a review of ${partnerName}`}
      description={`${blindText(partnerName, until)} Reviews cannot be edited once posted.`}
      onSubmit={(e) => void submit(e)}
      submitLabel="Post review"
      busy={action.busy}
      busyLabel="Posting..."
    >
      <TextArea
        label={`What did you learn from ${partnerName}, and how did it go?`}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          if (action.error) action.reset();
        }}
        onBlur={() => setTouched(text.length > 0)}
        rows={6}
        error={shownError ?? undefined}
        autoFocus
        required
      />
      <span className={`${styles.counter} ${length > MAX_REVIEW_CHARS ? styles.counterOver : ""}`} aria-live="polite">
        {length} / {MAX_REVIEW_CHARS} characters
      </span>
    </FormDialog>
  );
}
