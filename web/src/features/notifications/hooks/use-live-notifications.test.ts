import { InMemoryCache } from "@apollo/client";
import { useQuery } from "@apollo/client/react";
import { MockedProvider } from "@apollo/client/testing/react";
import { render, screen } from "@testing-library/react";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import {
  DashboardCountsDocument,
  NotificationAddedDocument,
  type NotificationFieldsFragment,
  NotificationsDocument,
} from "../../../gql/graphql";
import { typePolicies } from "../../../lib/type-policies";
import { NOTIFICATIONS_PAGE } from "../utils/paging";
import { addToCache, useLiveNotifications } from "./use-live-notifications";

const note = (id: string, refId: string | null = null): NotificationFieldsFragment => ({
  __typename: "Notification",
  id,
  type: "SWAP_ACCEPT",
  message: `message ${id}`,
  skillCoins: null,
  refId,
  dismissible: true,
  createdAt: "2026-01-05T09:00:00.000Z",
  preachSkill: null,
  learnSkill: null,
  notifier: { __typename: "NotificationUser", id: "u1", name: "Ravi", image: null, gender: "MALE" },
});

const page = (ids: string[], endCursor: string | null, hasNextPage: boolean) => ({
  notifications: {
    __typename: "NotificationConnection" as const,
    edges: ids.map((id) => ({ __typename: "NotificationEdge" as const, node: note(id) })),
    pageInfo: { __typename: "PageInfo" as const, hasNextPage, endCursor },
  },
});

describe("the notifications connection in the cache", () => {
  it("appends later pages, puts live ones on top and keeps every page loaded", () => {
    const cache = new InMemoryCache({ typePolicies });
    const first = { first: NOTIFICATIONS_PAGE, after: null };
    const read = () => cache.readQuery({ query: NotificationsDocument, variables: first })!.notifications;
    const ids = () => read().edges.map((e) => e.node.id);
    cache.writeQuery({ query: NotificationsDocument, variables: first, data: page(["n3", "n2"], "c2", true) });
    addToCache(cache, note("n4"));
    expect(ids()).toEqual(["n4", "n3", "n2"]);
    // The next page starts where the last page fetched ended, not at the live one.
    expect(read().pageInfo).toMatchObject({ hasNextPage: true, endCursor: "c2" });
    cache.writeQuery({
      query: NotificationsDocument,
      variables: { first: NOTIFICATIONS_PAGE, after: "c2" },
      data: page(["n2", "n1"], "c1", false),
    });
    expect(ids()).toEqual(["n4", "n3", "n2", "n1"]);
    expect(read().pageInfo).toMatchObject({ hasNextPage: false, endCursor: "c1" });
    // A refetch of the first page (after a dismissal) replaces the list.
    cache.writeQuery({ query: NotificationsDocument, variables: first, data: page(["n4", "n2"], "c2", false) });
    expect(ids()).toEqual(["n4", "n2"]);
  });

  it("asks for the list again when a live notification is about a request already listed (the server replaced that one)", () => {
    const cache = new InMemoryCache({ typePolicies });
    const first = { first: NOTIFICATIONS_PAGE, after: null };
    cache.writeQuery({
      query: NotificationsDocument,
      variables: first,
      data: {
        notifications: { ...page([], null, false).notifications, edges: [{ __typename: "NotificationEdge", node: note("ready", "r1") }] },
      },
    });
    // Another request's notification, or one without a request: added on top, nothing to read again.
    expect(addToCache(cache, note("other", "r2"))).toBe(false);
    expect(addToCache(cache, note("plain"))).toBe(false);
    // The teacher withdrew r1: the "Ready to pay" about it is gone on the server.
    expect(addToCache(cache, note("withdrawn", "r1"))).toBe(true);
    // The same event twice (two listeners) changes nothing the second time.
    expect(addToCache(cache, note("withdrawn", "r1"))).toBe(false);
  });
});

describe("useLiveNotifications", () => {
  it("reads the bell's count again when a live notification replaced a listed one (it would stay one too high)", async () => {
    const first = { first: NOTIFICATIONS_PAGE, after: null };
    const counts = (n: number) => ({
      request: { query: DashboardCountsDocument },
      result: { data: { notificationCount: n, unreadMessageCount: 0 } },
    });
    const listed = (...nodes: NotificationFieldsFragment[]) => ({
      request: { query: NotificationsDocument, variables: first },
      result: {
        data: {
          notifications: {
            __typename: "NotificationConnection",
            edges: nodes.map((node) => ({ __typename: "NotificationEdge", node })),
            pageInfo: { __typename: "PageInfo", hasNextPage: false, endCursor: null },
          },
        },
      },
    });
    // The teacher withdrew r1: the server swapped its "Ready to pay" for the "Withdrawn" card; the count stays 2.
    const withdrawn = { request: { query: NotificationAddedDocument }, result: { data: { notificationAdded: note("withdrawn", "r1") } } };
    function Bell() {
      const list = useQuery(NotificationsDocument, { variables: first });
      const c = useQuery(DashboardCountsDocument);
      // Listening once the page's list is there (the event must find its request listed).
      useLiveNotifications(Boolean(list.data && c.data));
      const edges = list.data?.notifications.edges ?? [];
      return createElement("p", null, `bell ${c.data?.notificationCount ?? "-"} first ${edges[0]?.node.id ?? "-"} n ${edges.length}`);
    }
    render(
      createElement(
        MockedProvider,
        {
          mocks: [
            counts(2),
            listed(note("ready", "r1"), note("other")),
            withdrawn,
            counts(2),
            listed(note("withdrawn", "r1"), note("other")),
          ] as never,
          cache: new InMemoryCache({ typePolicies }),
        },
        createElement(Bell),
      ),
    );
    expect(await screen.findByText("bell 2 first ready n 2")).toBeTruthy();
    // Without reading them again: "bell 3 first withdrawn n 3" (the count bumped, the replaced card kept).
    expect(await screen.findByText("bell 2 first withdrawn n 2")).toBeTruthy();
  });
});
