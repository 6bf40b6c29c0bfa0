import { useQuery } from "@apollo/client/react";
import { useState } from "react";
import { Page } from "../../../components/layouts/Page";
import { ActionFeedback } from "../../../components/ui/ActionFeedback";
import { Alert } from "../../../components/ui/Alert";
import { ButtonLink } from "../../../components/ui/Button";
import { Card } from "../../../components/ui/Card";
import { EmptyState } from "../../../components/ui/EmptyState";
import { ArrowLeftIcon, CompassIcon } from "../../../components/ui/icons";
import { LoadError } from "../../../components/ui/LoadError";
import { PageHeader } from "../../../components/ui/PageHeader";
import { LoadingBlock } from "../../../components/ui/Spinner";
import { ImplementPostDocument } from "../../../gql/graphql";
import { cx } from "../../../lib/cx";
import { errorCode } from "../../../lib/graphql-errors";
import { myStatusText } from "../utils/rules";
import { JoinForm } from "./JoinForm";
import { type Viewer } from "./WithViewer";
import styles from "./ProblemDetailsPage.module.css";
import parts from "./implements.module.css";
import { paths } from "../../../lib/paths";
import { formatDate } from "../../../lib/format-date";
import { useActionFeedback } from "../../../lib/use-action-feedback";

/** /implements/:userID/:userName/:postID: Implement Details, with Join or my status. */
export function ProblemDetailsPage({ me, postId }: { me: Viewer; postId: string }) {
  const list = paths.implements.list(me.id, me.name);
  const { data, error, refetch } = useQuery(ImplementPostDocument, { variables: { id: postId }, fetchPolicy: "cache-and-network" });
  const [sent, setSent] = useState(false);
  // The answer to Join, at the bottom of the screen: the form is far down on a phone, and it is gone once sent.
  const answer = useActionFeedback();
  const post = data?.implementPost;
  const status = post?.myApplication?.status;

  const back = (
    <ButtonLink to={list} variant="ghost" size="sm" startIcon={<ArrowLeftIcon size={16} />}>
      Back
    </ButtonLink>
  );

  return (
    <Page width="narrow">
      <title>{post ? `${post.title} · Implements` : "Implement Details · Skill Exchange"}</title>
      <PageHeader eyebrow="Implements" title="Implement Details" back={back} />
      {!post && errorCode(error) === "NOT_FOUND" ? (
        <EmptyState
          icon={<CompassIcon />}
          title="This problem is not available"
          description="It may have been hidden by its owner, or it does not exist."
          action={
            <ButtonLink to={list} variant="secondary">
              See other problems
            </ButtonLink>
          }
        />
      ) : !post && error ? (
        <LoadError message="This problem could not load." onRetry={refetch} />
      ) : !post ? (
        <LoadingBlock label="Loading..." />
      ) : (
        <Card as="article" padding="lg" aria-labelledby="problem-title">
          <h2 id="problem-title" className={parts.cardTitle} dir="auto">
            {post.title}
          </h2>
          <p className={cx(parts.meta, parts.byline)}>
            <span>
              by <span dir="auto">{post.isMine ? "you" : post.owner.name}</span>
            </span>
            <span aria-hidden="true">·</span>
            <time dateTime={post.createdAt}>{formatDate(post.createdAt)}</time>
          </p>
          <p className={parts.body} dir="auto">
            {post.description}
          </p>
          <div className={parts.section}>
            {post.isMine ? (
              <Alert variant="info" title="This is your problem.">
                <ButtonLink to={paths.implements.mine(me.id)} variant="secondary" size="sm">
                  Manage applicants
                </ButtonLink>
              </Alert>
            ) : sent || status ? (
              <div className={parts.form}>
                <p role="status" className={styles.status}>
                  Status: {status ? myStatusText(status) : "Request Sent"}
                </p>
                {status === "ACCEPTED" && (
                  <div>
                    <ButtonLink to={paths.chat(post.owner.id)} variant="primary">
                      Chat with <span dir="auto">{post.owner.name}</span>
                    </ButtonLink>
                  </div>
                )}
              </div>
            ) : (
              <>
                <h3 className={parts.sectionTitle}>Join this project</h3>
                <JoinForm
                  postId={post.id}
                  onStart={answer.clear}
                  onJoined={() => {
                    setSent(true);
                    answer.show({ variant: "success", text: `Request sent. ${post.owner.name} decides whether you join.` });
                    void refetch();
                  }}
                  onFailed={(text) => answer.show({ variant: "danger", text })}
                />
              </>
            )}
          </div>
        </Card>
      )}
      <ActionFeedback feedback={answer.feedback} onDismiss={answer.clear} />
    </Page>
  );
}
