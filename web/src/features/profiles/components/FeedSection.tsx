import { useRef } from "react";
import { Button } from "../../../components/ui/Button";
import { EmptyState } from "../../../components/ui/EmptyState";
import { UsersIcon } from "../../../components/ui/icons";
import { LoadError } from "../../../components/ui/LoadError";
import { ScrollBox } from "../../../components/ui/ScrollBox";
import { Spinner } from "../../../components/ui/Spinner";
import { useInfiniteScroll } from "../../../lib/use-infinite-scroll";
import type { useFeed } from "../hooks/use-feed";
import type { DashboardViewer } from "./DashboardNav";
import styles from "./FeedSection.module.css";
import grid from "./UserGrid.module.css";
import { UserCard } from "./UserCard";

/** The feed inside its own scroll box (max 60vh); the next page loads near the bottom. */
export function FeedSection({
  me,
  feed,
  filtered = false,
  onClearFilters,
}: {
  me: DashboardViewer;
  feed: ReturnType<typeof useFeed>;
  /** Discovery filters narrow the feed (the empty state then offers to clear them). */
  filtered?: boolean;
  onClearFilters?: () => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const onScroll = useInfiniteScroll(box, {
    hasMore: feed.hasMore,
    loading: feed.loading || feed.fetchingMore,
    loadMore: feed.loadMore,
    itemCount: feed.items.length,
  });

  return (
    <section aria-labelledby="feed-heading" className={styles.feedSection}>
      <div className={styles.feedHead}>
        <h2 id="feed-heading" className={grid.sectionTitle}>
          Your feed
        </h2>
        <p className={styles.sectionHint}>
          Best matches first: students who know what you want to learn and want what you know.
          {filtered && " Narrowed by your filters."}
        </p>
      </div>
      <ScrollBox
        ref={box}
        className={styles.feedBox}
        onScroll={onScroll}
        data-testid="feed-scroll"
        tabIndex={0}
        role="region"
        aria-label="Feed"
      >
        {feed.items.length > 0 && (
          <ul className={grid.cardGrid} role="list">
            {feed.items.map((u) => (
              <UserCard key={u.id} user={u} viewer={me} />
            ))}
          </ul>
        )}
        {(feed.fetchingMore || feed.refreshing) && <Spinner className={styles.feedSpinner} showLabel label="Loading more..." />}
        {filtered && feed.hasMore && !feed.fetchingMore && !feed.refreshing && feed.items.length < 4 && (
          <div className={styles.feedEnd}>
            <p role="status">{feed.items.length === 0 ? "No matches among the students read so far." : "Few matches so far."}</p>
            <Button variant="secondary" onClick={feed.loadMore}>
              Keep looking
            </Button>
          </div>
        )}
        {feed.error && feed.loaded && <LoadError message="More students could not be loaded." onRetry={feed.loadMore} />}
        {feed.error && !feed.loaded && !feed.loading && (
          <LoadError message="Your feed could not be loaded." onRetry={() => feed.refetch()} />
        )}
        {feed.loaded &&
          !feed.hasMore &&
          !feed.fetchingMore &&
          (feed.items.length === 0 && filtered ? (
            <EmptyState
              plain
              title="No students match these filters"
              description="Try fewer filters, or save this search to hear when someone new matches it."
              icon={<UsersIcon size={22} />}
              action={
                <Button variant="secondary" onClick={onClearFilters}>
                  Clear filters
                </Button>
              }
            />
          ) : feed.items.length === 0 ? (
            <EmptyState
              plain
              title="No more Feed"
              description="No other students to show yet. Check back soon."
              icon={<UsersIcon size={22} />}
            />
          ) : (
            <p className={styles.feedEnd} role="status">
              No more Feed
            </p>
          ))}
      </ScrollBox>
    </section>
  );
}
