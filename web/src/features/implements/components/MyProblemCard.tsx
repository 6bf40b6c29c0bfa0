import { useMutation } from "@apollo/client/react";
import { Alert } from "../../../components/ui/Alert";
import { Badge } from "../../../components/ui/Badge";
import { Button } from "../../../components/ui/Button";
import { Card } from "../../../components/ui/Card";
import { type MyImplementPostsQuery, SetImplementPostVisibilityDocument } from "../../../gql/graphql";
import { ApplicantRow } from "./ApplicantRow";
import styles from "./MyProblemCard.module.css";
import parts from "./implements.module.css";
import { formatDate } from "../../../lib/format-date";
import { useFormAction } from "../../../lib/use-form-action";
import { nodesOf } from "../../../lib/connection";

type MyPost = MyImplementPostsQuery["myImplementPosts"]["edges"][number]["node"];

/** One of my posts: its text, Hide Post / Show Post, and its applicants. */
export function MyProblemCard({ post }: { post: MyPost }) {
  const [setVisibility] = useMutation(SetImplementPostVisibilityDocument);
  const visibility = useFormAction();
  const applicants = nodesOf(post.applicants);

  const toggle = () => visibility.run(() => setVisibility({ variables: { postId: post.id, visible: !post.visible } }));

  return (
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
        <Button variant="secondary" size="sm" onClick={toggle} loading={visibility.busy}>
          {post.visible ? "Hide Post" : "Show Post"}
        </Button>
      </div>
      {visibility.error && (
        <Alert variant="danger" className={parts.rowAlert}>
          {visibility.error}
        </Alert>
      )}
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
              <ApplicantRow key={a.id} postId={post.id} applicant={a} />
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}
