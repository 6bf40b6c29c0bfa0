import { useSubscription } from "@apollo/client/react";
import type { ApolloCache } from "@apollo/client";
import {
  type NotificationFieldsFragment,
  DashboardCountsDocument,
  NotificationCountDocument,
  NotificationsDocument,
  NotificationAddedDocument,
} from "../../../gql/graphql";
import { NOTIFICATIONS_PAGE } from "../utils/paging";

/** Ids already applied per cache: two mounted listeners never count one notification twice. */
const applied = new WeakMap<object, Set<string>>();

/**
 * Puts a pushed notification at the top of the cached list and bumps the cached count. Answers
 * whether the cached list may now hold notifications the server has removed: one about the same
 * request or chat (`refId`) is listed, and a request's next step (accepted, withdrawn, rejected, paid)
 * replaces the notifications about it on the server. The list and count are then read again.
 */
export function addToCache(cache: ApolloCache, n: NotificationFieldsFragment): boolean {
  const seen = applied.get(cache) ?? new Set<string>();
  applied.set(cache, seen);
  if (seen.has(n.id)) return false;
  seen.add(n.id);
  let wasListed = false;
  let sameRef = false;
  // Written without `after`, the whole list replaces the cached one (lib/type-policies.ts).
  cache.updateQuery({ query: NotificationsDocument, variables: { first: NOTIFICATIONS_PAGE, after: null } }, (data) => {
    if (!data?.notifications) return undefined;
    const { edges } = data.notifications;
    wasListed = edges.some((e) => e.node.id === n.id);
    if (wasListed) return undefined;
    sameRef = n.refId != null && edges.some((e) => e.node.refId === n.refId);
    return { notifications: { ...data.notifications, edges: [{ __typename: "NotificationEdge" as const, node: n }, ...edges] } };
  });
  if (wasListed) return false;
  cache.updateQuery({ query: NotificationCountDocument }, (data) =>
    typeof data?.notificationCount === "number" ? { notificationCount: data.notificationCount + 1 } : undefined,
  );
  return sameRef;
}

/** Subscribes to `notificationAdded` (the server sends the caller's own only) while mounted. */
export function useLiveNotifications(enabled: boolean): void {
  useSubscription(NotificationAddedDocument, {
    skip: !enabled,
    onData: ({ client, data }) => {
      const n = data.data?.notificationAdded;
      // The lists on screen reload, as after every action (a "Ready to pay" the teacher withdrew goes away).
      // The header's bell reads the count through DashboardCounts: read again too, or it stays one too high.
      if (n && addToCache(client.cache, n))
        void client.refetchQueries({ include: [NotificationsDocument, NotificationCountDocument, DashboardCountsDocument] });
    },
  });
}
