import { useQuery } from "@apollo/client/react";
import { NetworkStatus } from "@apollo/client";
import { useCallback } from "react";
import type { DirectoryFilters } from "../../../../../common/discovery";
import { FeedDocument } from "../../../gql/graphql";
import { filtersInput } from "./use-directory-filters";
import { nodesOf } from "../../../lib/connection";

export const FEED_PAGE_SIZE = 10;

/** The variables of the feed's first page under `filters` (the route's preload asks for the same). */
export const firstFeedPage = (filters: DirectoryFilters) => ({ first: FEED_PAGE_SIZE, after: null, filters: filtersInput(filters) });

/** The dashboard feed, one cursor page at a time (the cache appends pages: see lib/type-policies). */
export function useFeed(skip: boolean, filters: DirectoryFilters = {}) {
  const query = useQuery(FeedDocument, {
    variables: firstFeedPage(filters),
    skip,
    notifyOnNetworkStatusChange: true,
  });
  // While other filters load, the last page stays on screen (with a spinner) rather than the whole page spinning.
  const page = (query.data ?? query.previousData)?.feed;
  const fetchingMore = query.networkStatus === NetworkStatus.fetchMore;
  const { fetchMore } = query;
  const endCursor = page?.pageInfo.endCursor ?? null;
  const loadMore = useCallback(() => {
    if (!endCursor) return;
    // A filtered page may be short (the server read a bounded stretch): the next one keeps looking.
    void fetchMore({ variables: { first: FEED_PAGE_SIZE, after: endCursor } }).catch(() => undefined);
  }, [fetchMore, endCursor]);
  return {
    items: nodesOf(page),
    hasMore: page?.pageInfo.hasNextPage ?? false,
    loaded: Boolean(page),
    loading: query.loading,
    /** New filters are loading (the items shown are the previous filters'). */
    refreshing: query.loading && !query.data,
    fetchingMore,
    error: query.error,
    loadMore,
    refetch: query.refetch,
  };
}
