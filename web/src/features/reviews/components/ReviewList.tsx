import { useQuery } from "@apollo/client/react";
import { useState } from "react";
import { Button } from "../../../components/ui/Button";
import { LoadError } from "../../../components/ui/LoadError";
import { LoadingBlock } from "../../../components/ui/Spinner";
import { type ReviewFieldsFragment, ReviewsOfDocument } from "../../../gql/graphql";
import { nodesOf } from "../../../lib/connection";
import { ReviewItem } from "./ReviewItem";
import styles from "./Reviews.module.css";

export const REVIEWS_PAGE = 10;

/** The reviews shown on a student's profile, newest first, ten at a time. */
export function ReviewList({
  userId,
  name,
  viewerId,
  viewerGender,
}: {
  userId: string;
  name: string;
  viewerId: string;
  viewerGender: string;
}) {
  const { data, loading, error, refetch, fetchMore } = useQuery(ReviewsOfDocument, {
    variables: { userId, first: REVIEWS_PAGE, after: null },
    fetchPolicy: "cache-and-network",
  });
  const [more, setMore] = useState(false);
  const page = data?.reviewsOf;
  const reviews = nodesOf(page) as ReviewFieldsFragment[];
  const loadMore = async () => {
    setMore(true);
    try {
      await fetchMore({ variables: { after: page?.pageInfo?.endCursor ?? null } });
    } finally {
      setMore(false);
    }
  };
  return (
    <section className={styles.section} aria-labelledby="reviews-title">
      <h2 id="reviews-title" className={styles.title}>
        Reviews
      </h2>
      {!page && loading ? (
        <LoadingBlock label="Loading reviews..." />
      ) : !page && error ? (
        <LoadError message="The reviews could not be loaded." onRetry={() => void refetch()} />
      ) : reviews.length === 0 ? (
        <p className={styles.intro}>
          No reviews of <span dir="auto">{name}</span> yet.
        </p>
      ) : (
        <>
          <ul className={styles.list} role="list">
            {reviews.map((r) => (
              <ReviewItem key={r.id} review={r} viewerId={viewerId} viewerGender={viewerGender} />
            ))}
          </ul>
          {page?.pageInfo?.hasNextPage && (
            <Button variant="secondary" className={styles.more} onClick={() => void loadMore()} disabled={more}>
              {more ? "Loading..." : "Show more reviews"}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
