import type { ApolloClient } from "@apollo/client";
import {
  DashboardCountsDocument,
  DashboardRewardDocument,
  DashboardViewerDocument,
  FeedDocument,
  SavedSearchesDocument,
} from "../../gql/graphql";
import { directoryFilters } from "./hooks/use-directory-filters";
import { firstFeedPage } from "./hooks/use-feed";

/**
 * The dashboard's first queries, started by its route's loader once the route's modules are in and
 * before React renders anything: on a phone their round trip overlaps the app's first render
 * instead of following it. The page's own queries then find them answered in the cache, or still in
 * flight (Apollo Client sends one request for identical queries in flight).
 *
 * The student and the counts are asked for afresh on every visit (the page reads them cache-first:
 * this is what keeps them current, as cache-and-network did); the feed's first page only when it is
 * not cached, as the page's own query would. Failures are the page's to show: its queries meet them.
 */
export function preloadDashboard(client: ApolloClient, params: URLSearchParams): void {
  const ignore = () => undefined;
  void client.query({ query: DashboardViewerDocument, fetchPolicy: "network-only" }).catch(ignore);
  void client.query({ query: FeedDocument, variables: firstFeedPage(directoryFilters(params)) }).catch(ignore);
  void client.query({ query: DashboardCountsDocument, fetchPolicy: "network-only", errorPolicy: "ignore" }).catch(ignore);
  // Below the fold, also read cache-first by their components (RewardPopup, SavedSearches): afresh
  // on every visit here, and a page the server rendered brings them (it asks nothing again).
  void client.query({ query: DashboardRewardDocument, fetchPolicy: "network-only" }).catch(ignore);
  void client.query({ query: SavedSearchesDocument, fetchPolicy: "network-only" }).catch(ignore);
}
