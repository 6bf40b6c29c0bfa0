import { Link } from "react-router";
import { Badge } from "../../../components/ui/Badge";
import { Card } from "../../../components/ui/Card";
import type { ImplementPostFieldsFragment } from "../../../gql/graphql";
import { cx } from "../../../lib/cx";
import { myStatusText, STATUS_TONE } from "../utils/rules";
import styles from "./ProblemCard.module.css";
import parts from "./implements.module.css";
import { formatDate } from "../../../lib/format-date";

/** One of others' problems in the list; the whole card links to its details. */
export function ProblemCard({ post, to }: { post: ImplementPostFieldsFragment; to: string }) {
  const status = post.myApplication?.status;
  return (
    <article aria-labelledby={`post-${post.id}`}>
      <Link to={to} className={styles.cardLink}>
        <Card interactive padding="md">
          <div className={parts.cardTop}>
            <div>
              <h2 id={`post-${post.id}`} className={parts.cardTitle} dir="auto">
                {post.title}
              </h2>
              <p className={cx(parts.meta, parts.byline)}>
                <span>
                  by <span dir="auto">{post.owner.name}</span>
                </span>
                <span aria-hidden="true">·</span>
                <time dateTime={post.createdAt}>{formatDate(post.createdAt)}</time>
              </p>
            </div>
            {status && <Badge tone={STATUS_TONE[status]}>{myStatusText(status)}</Badge>}
          </div>
          <p className={styles.clamp} dir="auto">
            {post.description}
          </p>
        </Card>
      </Link>
    </article>
  );
}
