import { InMemoryCache } from "@apollo/client";
import { MockedProvider } from "@apollo/client/testing/react";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { GraphQLError } from "graphql";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import {
  AcceptRequestDocument,
  NotificationAddedDocument,
  NotificationCountDocument,
  NotificationsDocument,
  NotificationsViewerDocument,
  RejectRequestDocument,
} from "../../../gql/graphql";
import { typePolicies } from "../../../lib/type-policies";
import { NotificationsPage } from "./NotificationsPage";
import { REJECT_WARNING } from "./RejectDialog";

const me = { __typename: "Me", id: "me", gender: "Female", detailsFilled: true };
const person = (id: string, name: string) => ({ __typename: "NotificationUser", id, name, image: null, gender: "Male" });
const skill = (s: string, c: string) => ({ __typename: "SkillRef", skill: s, category: c });
const note = (id: string, type: string, extra: Record<string, unknown> = {}) => ({
  __typename: "Notification",
  id,
  type,
  message: `${type} message`,
  skillCoins: null,
  refId: `req-${id}`,
  dismissible: ["swap-accept", "swap-reject", "success-Finish", "acceptImplementUser", "rejectImplementUser", "request-expired"].includes(type),
  createdAt: "2026-01-05T09:00:00.000Z",
  preachSkill: null,
  learnSkill: null,
  notifier: person(`u-${id}`, `Person ${id}`),
  ...extra,
});

const swapRequest = note("1", "swap-request", { preachSkill: skill("React", "Programming & Technology"), learnSkill: skill("Guitar", "Music & Performing Arts") });
const accepted = note("2", "Accepted-Pay", { skillCoins: 6, preachSkill: skill("Chess", "Hobbies & Crafts") });
const rejected = note("3", "swap-reject");
const expired = note("4", "request-expired", { learnSkill: skill("Guitar", "Music & Performing Arts") });

const viewer = { request: { query: NotificationsViewerDocument }, result: { data: { me } } };
const live = { request: { query: NotificationAddedDocument }, result: { data: {} }, delay: Infinity };
const list = (notifications: unknown[]) => ({ request: { query: NotificationsDocument }, result: { data: { notifications } } });
const count = (n: number) => ({ request: { query: NotificationCountDocument }, result: { data: { notificationCount: n } } });

function renderPage(mocks: unknown[]) {
  const router = createMemoryRouter(
    [
      { path: "/:userId/notifications", element: <NotificationsPage /> },
      { path: "/p", element: <p>profile form</p> },
    ],
    { initialEntries: ["/me/notifications"] },
  );
  render(
    <MockedProvider mocks={mocks as never} cache={new InMemoryCache({ typePolicies })}>
      <RouterProvider router={router} />
    </MockedProvider>,
  );
  return router;
}

describe("NotificationsPage", () => {
  it("renders each type with its own actions and the notifier's skills", async () => {
    renderPage([viewer, list([swapRequest, accepted, rejected]), live]);
    const cards = await screen.findAllByRole("listitem");
    expect(cards).toHaveLength(3);
    const [first, second, third] = cards.map((c) => within(c));
    expect(first.getByText("Person 1")).toBeTruthy();
    expect(first.getByText("React")).toBeTruthy();
    expect(first.getByRole("button", { name: "Accept" })).toBeTruthy();
    expect(first.getByRole("button", { name: "Reject" })).toBeTruthy();
    expect(first.getByRole("link", { name: "View Profile" }).getAttribute("href")).toBe("/user/u-1/me/Female");
    expect(second.getByRole("button", { name: /Pay 6/ })).toBeTruthy();
    expect(second.queryByRole("button", { name: "Accept" })).toBeNull();
    expect(third.getByRole("button", { name: "Ok" })).toBeTruthy();
    expect(third.queryByRole("button", { name: "Reject" })).toBeNull();
  });

  it("shows an expired request as expired, with Ok and the other student's profile (a new request starts there)", async () => {
    renderPage([viewer, list([expired]), live]);
    const [card] = await screen.findAllByRole("listitem");
    const c = within(card);
    expect(c.getByText("Expired")).toBeTruthy();
    expect(c.getByRole("heading").textContent).toBe("Person 4 and you: the request expired unanswered");
    expect(c.getByText("Guitar")).toBeTruthy();
    expect(c.getByRole("button", { name: "Ok" })).toBeTruthy();
    expect(c.queryByRole("button", { name: "Accept" })).toBeNull();
    expect(c.getByRole("link", { name: "View Profile" }).getAttribute("href")).toBe("/user/u-4/me/Female");
  });

  it("shows 'No notifications' for an empty list", async () => {
    renderPage([viewer, list([]), live]);
    expect(await screen.findByRole("heading", { name: "No notifications" })).toBeTruthy();
  });

  it("sends an incomplete profile to /p", async () => {
    const router = renderPage([
      viewer,
      { request: { query: NotificationsDocument }, result: { errors: [new GraphQLError("not filled details", { extensions: { code: "DETAILS_NOT_FILLED" } })] } },
      live,
    ]);
    await screen.findByText("profile form");
    expect(router.state.location.pathname).toBe("/p");
  });

  it("asks before rejecting, with Close and Confirm Reject", async () => {
    renderPage([
      viewer,
      list([swapRequest]),
      live,
      { request: { query: RejectRequestDocument, variables: { id: "req-1" } }, result: { data: { rejectRequest: { __typename: "SwapRequest", id: "req-1", status: "rejected" } } } },
      list([]),
      count(0),
    ]);
    fireEvent.click(await screen.findByRole("button", { name: "Reject" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog.textContent).toContain(REJECT_WARNING);
    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    fireEvent.click(screen.getByRole("button", { name: "Reject" }));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Confirm Reject" }));
    expect(await screen.findByRole("heading", { name: "No notifications" })).toBeTruthy();
    expect((await screen.findAllByRole("alert")).some((a) => a.textContent?.includes("Request rejected"))).toBe(true);
  });

  it("accepts and updates the list without a reload; a refusal shows the server's words", async () => {
    renderPage([
      viewer,
      list([swapRequest]),
      live,
      { request: { query: AcceptRequestDocument, variables: { id: "req-1" } }, result: { errors: [new GraphQLError("This request is no longer pending", { extensions: { code: "CONFLICT" } })] } },
      list([swapRequest]),
      count(1),
      { request: { query: AcceptRequestDocument, variables: { id: "req-1" } }, result: { data: { acceptRequest: { __typename: "SwapRequest", id: "req-1", kind: "swap", status: "accepted", chatId: "c1" } } } },
      list([]),
      count(0),
    ]);
    fireEvent.click(await screen.findByRole("button", { name: "Accept" }));
    expect((await screen.findByRole("alert")).textContent).toContain("This request is no longer pending");
    // The first answer's refetch may still be running: Accept stays aria-disabled until it settles.
    await waitFor(() => expect(screen.getByRole("button", { name: "Accept" }).getAttribute("aria-disabled")).not.toBe("true"));
    fireEvent.click(screen.getByRole("button", { name: "Accept" }));
    expect(await screen.findByRole("heading", { name: "No notifications" })).toBeTruthy();
    expect((await screen.findByRole("alert")).textContent).toContain("Your chat is open.");
  });
});
