import { useQuery } from "@apollo/client/react";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/Button";
import { LoadError } from "../../../components/ui/LoadError";
import { LoadingBlock } from "../../../components/ui/Spinner";
import { type ReviewFieldsFragment, ReviewsOfDocument } from "../../../gql/graphql";
import { useToken } from "../../../lib/auth";
import { nodesOf } from "../../../lib/connection";
import { paths } from "../../../lib/paths";
import { useCurrentPath } from "../../../lib/session";
import { ReviewItem } from "./ReviewItem";
import styles from "./Reviews.module.css";

export const REVIEWS_PAGE = 10;

interface ReviewListProps {
  userId: string;
  name: string;
  viewerId: string;
  viewerGender: string;
}

/**
 * The reviews shown on a student's profile, newest first, ten at a time. Reviews are for signed-in
 * students: a visitor who is not signed in (a profile link is public) is asked to sign in.
 */
export function ReviewList(props: ReviewListProps) {
  return useToken() ? <SignedInReviewList {...props} /> : <SignInForReviews name={props.name} />;
}

function SignInForReviews({ name }: { name: string }) {
  const here = useCurrentPath();
  return (
    <section className={styles.section} aria-labelledby="reviews-title">
      <h2 id="reviews-title" className={styles.title}>
        Reviews
      </h2>
      <p className={styles.intro}>
        <Link to={paths.loginFor(here)}>Sign in</Link> to read the reviews of <span dir="auto">{name}</span>.
      </p>
    </section>
  );
}

function SignedInReviewList({ userId, name, viewerId, viewerGender }: ReviewListProps) {
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
