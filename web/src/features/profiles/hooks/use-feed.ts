import { useQuery } from "@apollo/client/react";
import { NetworkStatus } from "@apollo/client";
import { useCallback } from "react";
import { FeedDocument } from "../../../gql/graphql";
import { nodesOf } from "../../../lib/connection";

export const FEED_PAGE_SIZE = 10;

/** The dashboard feed, one cursor page at a time (the cache appends pages: see lib/type-policies). */
export function useFeed(skip: boolean) {
  const query = useQuery(FeedDocument, { variables: { first: FEED_PAGE_SIZE, after: null }, skip, notifyOnNetworkStatusChange: true });
  const page = query.data?.feed;
  const fetchingMore = query.networkStatus === NetworkStatus.fetchMore;
  const { fetchMore } = query;
  const endCursor = page?.pageInfo.endCursor ?? null;
  const loadMore = useCallback(() => {
    if (!endCursor) return;
    void fetchMore({ variables: { first: FEED_PAGE_SIZE, after: endCursor } }).catch(() => undefined);
  }, [fetchMore, endCursor]);
  return {
    items: nodesOf(page),
    hasMore: page?.pageInfo.hasNextPage ?? false,
    loaded: Boolean(page),
    loading: query.loading,
    fetchingMore,
    error: query.error,
    loadMore,
    refetch: query.refetch,
  };
}
