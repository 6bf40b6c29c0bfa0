import type { ReactNode } from "react";
import { Link } from "react-router";
import { Avatar } from "../../../components/ui/Avatar";
import { Card } from "../../../components/ui/Card";
import { StarIcon } from "../../../components/ui/icons";
import type { ReviewFieldsFragment } from "../../../gql/graphql";
import { formatDate } from "../../../lib/format-date";
import { paths } from "../../../lib/paths";
import { skillLine } from "../utils/review-texts";
import styles from "./Reviews.module.css";

/** One shown review: author (linking to their profile), date, stars of that swap, the skill, the text and the answer. */
export function ReviewItem({
  review,
  viewerId,
  viewerGender,
  actions,
}: {
  review: ReviewFieldsFragment;
  viewerId: string;
  viewerGender: string;
  /** The reviewed student's own buttons (answer, report). */
  actions?: ReactNode;
}) {
  const skill = skillLine(review);
  return (
    <Card as="li" padding="md" className={styles.item} aria-label={`Review by ${review.author.name}`}>
      <div className={styles.head}>
        <Avatar name={review.author.name} image={review.author.image} size={40} />
        <div className={styles.who}>
          <Link to={paths.profile(review.author.id, viewerId, viewerGender)} className={styles.author} dir="auto">
            {review.author.name}
          </Link>
          <span className={styles.meta}>
            <time dateTime={review.visibleAt}>{formatDate(review.visibleAt)}</time>
            {skill && (
              <>
                {" "}
                · <span dir="auto">{skill}</span>
              </>
            )}
          </span>
        </div>
        {review.stars != null && (
          <span className={styles.stars} aria-label={`${review.stars} out of 5 stars`}>
            <StarIcon size={16} aria-hidden="true" /> {review.stars} / 5
          </span>
        )}
      </div>
      <p className={styles.text} dir="auto">
        {review.text}
      </p>
      {review.answer && (
        <p className={styles.answer}>
          <span className={styles.answerLabel}>Answer</span>
          <span dir="auto">{review.answer}</span>
        </p>
      )}
      {actions}
    </Card>
  );
}
