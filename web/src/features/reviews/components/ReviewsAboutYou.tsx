import { useMutation, useQuery } from "@apollo/client/react";
import { type FormEvent, useState } from "react";
import { ActionFeedback } from "../../../components/ui/ActionFeedback";
import { Badge } from "../../../components/ui/Badge";
import { Button } from "../../../components/ui/Button";
import { LoadError } from "../../../components/ui/LoadError";
import { LoadingBlock } from "../../../components/ui/Spinner";
import { TextArea } from "../../../components/ui/TextField";
import { AnswerReviewDocument, type ReviewFieldsFragment, ReviewsAboutMeDocument } from "../../../gql/graphql";
import { nodesOf } from "../../../lib/connection";
import { useActionFeedback } from "../../../lib/use-action-feedback";
import { useFormAction } from "../../../lib/use-form-action";
import { answerTextError, MAX_ANSWER_CHARS, reviewLength } from "../utils/review-texts";
import { ReportReviewDialog } from "./ReportReviewDialog";
import { ReviewItem } from "./ReviewItem";
import { REVIEWS_PAGE } from "./ReviewList";
import styles from "./Reviews.module.css";

/** The student's own profile: the reviews about them, each with Answer (once, public) and Report. */
export function ReviewsAboutYou({ viewerId, viewerGender }: { viewerId: string; viewerGender: string }) {
  const { data, loading, error, refetch, fetchMore } = useQuery(ReviewsAboutMeDocument, {
    variables: { first: REVIEWS_PAGE, after: null },
    fetchPolicy: "cache-and-network",
  });
  const page = data?.reviewsAboutMe;
  const reviews = nodesOf(page) as ReviewFieldsFragment[];
  return (
    <section className={styles.section} aria-labelledby="reviews-about-you-title">
      <h2 id="reviews-about-you-title" className={styles.title}>
        Reviews about you
      </h2>
      <p className={styles.intro}>
        Everyone sees these on your profile. You can answer each review once, publicly, and report one that breaks the rules.
      </p>
      {!page && loading ? (
        <LoadingBlock label="Loading reviews..." />
      ) : !page && error ? (
        <LoadError message="The reviews could not be loaded." onRetry={() => void refetch()} />
      ) : reviews.length === 0 ? (
        <p className={styles.intro}>No reviews about you yet. After a finished swap, your partner can write one.</p>
      ) : (
        <>
          <ul className={styles.list} role="list">
            {reviews.map((r) => (
              <ReviewItem key={r.id} review={r} viewerId={viewerId} viewerGender={viewerGender} actions={<OwnActions review={r} />} />
            ))}
          </ul>
          {page?.pageInfo?.hasNextPage && (
            <Button
              variant="secondary"
              className={styles.more}
              onClick={() => void fetchMore({ variables: { after: page.pageInfo?.endCursor ?? null } })}
            >
              Show more reviews
            </Button>
          )}
        </>
      )}
    </section>
  );
}

function OwnActions({ review }: { review: ReviewFieldsFragment }) {
  const [answering, setAnswering] = useState(false);
  const [reporting, setReporting] = useState(false);
  // The answers to Answer and Report, at the bottom of the screen (the forms close when done).
  const answer = useActionFeedback();
  const name = review.author.name;
  return (
    <>
      {answering && !review.answer && (
        <AnswerForm
          reviewId={review.id}
          authorName={name}
          onDone={(posted) => {
            setAnswering(false);
            if (posted) answer.show({ variant: "success", text: `Your answer to ${name} is posted.` });
          }}
        />
      )}
      <div className={styles.actions}>
        {!review.answer && !answering && (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              answer.clear();
              setAnswering(true);
            }}
          >
            Answer
          </Button>
        )}
        {review.reportedByMe ? (
          <Badge tone="warning">Reported to the moderators</Badge>
        ) : (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              answer.clear();
              setReporting(true);
            }}
          >
            Report
          </Button>
        )}
      </div>
      {reporting && (
        <ReportReviewDialog
          reviewId={review.id}
          authorName={name}
          onClose={() => setReporting(false)}
          onReported={() => answer.show({ variant: "success", text: `Thanks. The moderators will read ${name}'s review.` })}
        />
      )}
      <ActionFeedback feedback={answer.feedback} onDismiss={answer.clear} />
    </>
  );
}

function AnswerForm({ reviewId, authorName, onDone }: { reviewId: string; authorName: string; onDone: (posted: boolean) => void }) {
  const [text, setText] = useState("");
  const [answer] = useMutation(AnswerReviewDocument);
  const action = useFormAction();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = answerTextError(text);
    if (check) return action.fail(check);
    if (await action.run(() => answer({ variables: { id: reviewId, text: text.trim() } }))) onDone(true);
  };
  const length = reviewLength(text);
  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      <TextArea
        label={`Your public answer to ${authorName}`}
        hint="You can answer once; it cannot be changed afterwards."
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={3}
        error={action.error ?? undefined}
        autoFocus
        required
      />
      <span className={`${styles.counter} ${length > MAX_ANSWER_CHARS ? styles.counterOver : ""}`} aria-live="polite">
        {length} / {MAX_ANSWER_CHARS} characters
      </span>
      <div className={styles.actions}>
        <Button type="submit" size="sm" loading={action.busy} loadingText="Posting...">
          Post answer
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={() => onDone(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
