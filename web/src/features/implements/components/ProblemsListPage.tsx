import { useQuery } from "@apollo/client/react";
import { useCallback, useRef, useState } from "react";
import { Page } from "../../../components/layouts/Page";
import { Button, ButtonLink } from "../../../components/ui/Button";
import { EmptyState } from "../../../components/ui/EmptyState";
import { ArrowLeftIcon, RocketIcon } from "../../../components/ui/icons";
import { LoadError } from "../../../components/ui/LoadError";
import { PageHeader } from "../../../components/ui/PageHeader";
import { ScrollBox } from "../../../components/ui/ScrollBox";
import { LoadingBlock, Spinner } from "../../../components/ui/Spinner";
import { ImplementPostsDocument } from "../../../gql/graphql";
import { nodesOf } from "../../../lib/connection";
import { useInfiniteScroll } from "../../../lib/use-infinite-scroll";
import { ProblemCard } from "./ProblemCard";
import { type Viewer } from "./WithViewer";
import styles from "./ProblemsListPage.module.css";
import parts from "./implements.module.css";
import { paths } from "../../../lib/paths";

const PAGE_SIZE = 10;

/** /implements/:userID/:userName: others' problems, visible and not from an owner who rejected me. */
export function ProblemsListPage({ me }: { me: Viewer }) {
  const { data, error, fetchMore, refetch } = useQuery(ImplementPostsDocument, {
    variables: { first: PAGE_SIZE, after: null },
    fetchPolicy: "cache-and-network",
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const page = data?.implementPosts;
  const items = nodesOf(page);

  const loadMore = useCallback(() => {
    if (!page?.pageInfo.hasNextPage || loadingMore) return;
    setLoadingMore(true);
    setMoreFailed(false);
    fetchMore({ variables: { first: PAGE_SIZE, after: page.pageInfo.endCursor } })
      .catch(() => setMoreFailed(true))
      .finally(() => setLoadingMore(false));
  }, [fetchMore, loadingMore, page]);

  const onScroll = useInfiniteScroll(box, {
    hasMore: !!page?.pageInfo.hasNextPage && !moreFailed,
    loading: loadingMore,
    loadMore,
    itemCount: items.length,
  });

  return (
    <Page>
      <title>Implements · Skill Exchange</title>
      <PageHeader
        eyebrow="Implements"
        title="Problems to solve"
        description="Project problems posted by other students. Open one to read it and ask to join."
        back={
          <ButtonLink to={paths.dashboard(me.id)} variant="ghost" size="sm" startIcon={<ArrowLeftIcon size={16} />}>
            Back
          </ButtonLink>
        }
        actions={
          <>
            <ButtonLink to={paths.implements.mine(me.id)} variant="secondary">
              My Problems
            </ButtonLink>
            <ButtonLink to={paths.implements.create(me.id, me.name)} variant="primary">
              Post Problem
            </ButtonLink>
          </>
        }
      />
      {!page && error ? (
        <LoadError message="The problems could not load." onRetry={refetch} />
      ) : !page ? (
        <LoadingBlock label="Loading problems..." />
      ) : items.length === 0 && !page.pageInfo.hasNextPage ? (
        <EmptyState
          icon={<RocketIcon />}
          title="No problems to join yet"
          description="When other students post project problems, they appear here. Have one of your own?"
          action={
            <ButtonLink to={paths.implements.create(me.id, me.name)} variant="primary">
              Post Problem
            </ButtonLink>
          }
        />
      ) : (
        <ScrollBox
          ref={box}
          className={styles.scrollBox}
          onScroll={onScroll}
          data-testid="implements-scroll"
          aria-busy={loadingMore || undefined}
        >
          <div role="feed" aria-label="Problems" className={styles.list}>
            {items.map((post) => (
              <ProblemCard key={post.id} post={post} to={paths.implements.details(me.id, me.name, post.id)} />
            ))}
          </div>
          {loadingMore && (
            <div className={parts.loadingMore}>
              <Spinner label="Loading more problems..." />
            </div>
          )}
          {moreFailed && (
            <div className={parts.loadingMore}>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => {
                  setMoreFailed(false);
                  loadMore();
                }}
              >
                Load more
              </Button>
            </div>
          )}
          {!page.pageInfo.hasNextPage && <p className={styles.end}>End of the list</p>}
        </ScrollBox>
      )}
    </Page>
  );
}
