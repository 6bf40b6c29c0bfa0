import { useSubscription } from "@apollo/client/react";
import type { ApolloCache } from "@apollo/client";
import {
  type NotificationFieldsFragment,
  NotificationCountDocument,
  NotificationsDocument,
  NotificationAddedDocument,
} from "../../../gql/graphql";
import { NOTIFICATIONS_PAGE } from "../utils/paging";

/** Ids already applied per cache: two mounted listeners never count one notification twice. */
const applied = new WeakMap<object, Set<string>>();

/** Puts a pushed notification at the top of the cached list and bumps the cached count. */
export function addToCache(cache: ApolloCache, n: NotificationFieldsFragment): void {
  const seen = applied.get(cache) ?? new Set<string>();
  applied.set(cache, seen);
  if (seen.has(n.id)) return;
  seen.add(n.id);
  let wasListed = false;
  // Written without `after`, the whole list replaces the cached one (lib/type-policies.ts).
  cache.updateQuery({ query: NotificationsDocument, variables: { first: NOTIFICATIONS_PAGE, after: null } }, (data) => {
    if (!data?.notifications) return undefined;
    const { edges } = data.notifications;
    wasListed = edges.some((e) => e.node.id === n.id);
    if (wasListed) return undefined;
    return { notifications: { ...data.notifications, edges: [{ __typename: "NotificationEdge" as const, node: n }, ...edges] } };
  });
  if (wasListed) return;
  cache.updateQuery({ query: NotificationCountDocument }, (data) =>
    typeof data?.notificationCount === "number" ? { notificationCount: data.notificationCount + 1 } : undefined,
  );
}

/** Subscribes to `notificationAdded` (the server sends the caller's own only) while mounted. */
export function useLiveNotifications(enabled: boolean): void {
  useSubscription(NotificationAddedDocument, {
    skip: !enabled,
    onData: ({ client, data }) => {
      const n = data.data?.notificationAdded;
      if (n) addToCache(client.cache, n);
    },
  });
}
