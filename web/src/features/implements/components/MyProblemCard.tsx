import { useState } from "react";
import { useMutation } from "@apollo/client/react";
import { ActionFeedback } from "../../../components/ui/ActionFeedback";
import { Badge } from "../../../components/ui/Badge";
import { Button } from "../../../components/ui/Button";
import { Card } from "../../../components/ui/Card";
import { type MyImplementPostsQuery, SetImplementPostVisibilityDocument } from "../../../gql/graphql";
import { ApplicantRow } from "./ApplicantRow";
import type { Viewer } from "./WithViewer";
import styles from "./MyProblemCard.module.css";
import parts from "./implements.module.css";
import { formatDate } from "../../../lib/format-date";
import { errorText } from "../../../lib/graphql-errors";
import { useActionFeedback } from "../../../lib/use-action-feedback";
import { nodesOf } from "../../../lib/connection";

type MyPost = MyImplementPostsQuery["myImplementPosts"]["edges"][number]["node"];

/** One of my posts: its text, Hide Post / Show Post, and its applicants. */
export function MyProblemCard({ post, viewer }: { post: MyPost; viewer: Viewer }) {
  const [setVisibility] = useMutation(SetImplementPostVisibilityDocument);
  const [busy, setBusy] = useState(false);
  // The answer to Hide/Show and to the applicants' decisions, at the bottom of the screen.
  const answer = useActionFeedback();
  const applicants = nodesOf(post.applicants);

  const toggle = async () => {
    if (busy) return;
    const visible = !post.visible;
    answer.clear();
    setBusy(true);
    try {
      await setVisibility({ variables: { postId: post.id, visible } });
      answer.show({
        variant: "success",
        text: visible ? `"${post.title}" is visible again.` : `"${post.title}" is hidden. Other students no longer see it.`,
      });
    } catch (e) {
      answer.show({ variant: "danger", text: errorText(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Card as="article" aria-labelledby={`mine-${post.id}`}>
        <div className={parts.cardTop}>
          <div>
            <h2 id={`mine-${post.id}`} className={parts.cardTitle} dir="auto">
              {post.title}
            </h2>
            <p className={parts.meta}>
              <time dateTime={post.createdAt}>Posted {formatDate(post.createdAt)}</time>
              <Badge tone={post.visible ? "success" : "neutral"}>{post.visible ? "Visible" : "Hidden"}</Badge>
            </p>
          </div>
          <Button variant="secondary" size="sm" onClick={() => void toggle()} loading={busy}>
            {post.visible ? "Hide Post" : "Show Post"}
          </Button>
        </div>
        <p className={parts.body} dir="auto">
          {post.description}
        </p>
        <section className={parts.section} aria-label={`Applicants for ${post.title}`}>
          <h3 className={parts.sectionTitle}>
            Applicants ({applicants.length}
            {post.applicants.pageInfo.hasNextPage ? "+" : ""})
          </h3>
          {applicants.length === 0 ? (
            <p className={styles.muted}>No one has asked to join yet.</p>
          ) : (
            <ul role="list" className={styles.applicants}>
              {applicants.map((a) => (
                <ApplicantRow key={a.id} postId={post.id} applicant={a} answer={answer} viewer={viewer} />
              ))}
            </ul>
          )}
        </section>
      </Card>
      {/* Outside the card: the bar is fixed to the screen, not to the card. */}
      <ActionFeedback feedback={answer.feedback} onDismiss={answer.clear} />
    </>
  );
}
