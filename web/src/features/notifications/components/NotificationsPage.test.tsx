import { InMemoryCache } from "@apollo/client";
import { MockedProvider } from "@apollo/client/testing/react";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { GraphQLError } from "graphql";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import {
  AcceptRequestDocument,
  NotificationAddedDocument,
  DashboardCountsDocument,
  NotificationsDocument,
  NotificationsViewerDocument,
  type NotificationType,
  PayAcceptedRequestDocument,
  PayBalanceDocument,
  RejectRequestDocument,
} from "../../../gql/graphql";
import { typePolicies } from "../../../lib/type-policies";
import { NOTIFICATIONS_PAGE } from "../utils/paging";
import { NotificationsPage } from "./NotificationsPage";
import { REJECT_WARNING } from "./RejectDialog";

const me = { __typename: "Me", id: "me", gender: "FEMALE", detailsFilled: true };
const person = (id: string, name: string) => ({ __typename: "NotificationUser", id, name, image: null, gender: "MALE" });
const skill = (s: string, c: string) => ({ __typename: "SkillRef", skill: s, category: c });
const note = (id: string, type: NotificationType, extra: Record<string, unknown> = {}) => ({
  __typename: "Notification",
  id,
  type,
  message: `${type} message`,
  skillCoins: null,
  refId: `req-${id}`,
  dismissible: [
    "SWAP_ACCEPT",
    "SWAP_REJECT",
    "SUCCESS_FINISH",
    "ACCEPT_IMPLEMENT_USER",
    "REJECT_IMPLEMENT_USER",
    "REQUEST_EXPIRED",
    "ACCEPTANCE_WITHDRAWN",
  ].includes(type),
  createdAt: "2026-01-05T09:00:00.000Z",
  preachSkill: null,
  learnSkill: null,
  notifier: person(`u-${id}`, `Person ${id}`),
  ...extra,
});

const swapRequest = note("1", "SWAP_REQUEST", {
  preachSkill: skill("React", "Programming & Technology"),
  learnSkill: skill("Guitar", "Music & Performing Arts"),
});
const accepted = note("2", "ACCEPTED_PAY", { skillCoins: 6, preachSkill: skill("Chess", "Hobbies & Crafts") });
const rejected = note("3", "SWAP_REJECT");
const expired = note("4", "REQUEST_EXPIRED", { learnSkill: skill("Guitar", "Music & Performing Arts") });
const withdrawn = note("5", "ACCEPTANCE_WITHDRAWN", { skillCoins: 6, preachSkill: skill("Chess", "Hobbies & Crafts") });

const viewer = { request: { query: NotificationsViewerDocument }, result: { data: { me } } };
const live = { request: { query: NotificationAddedDocument }, result: { data: {} }, delay: Infinity };
const first = { first: NOTIFICATIONS_PAGE, after: null };
const list = (nodes: unknown[], page: { after?: string; endCursor?: string; hasNextPage?: boolean } = {}) => ({
  request: { query: NotificationsDocument, variables: { ...first, after: page.after ?? null } },
  result: {
    data: {
      notifications: {
        __typename: "NotificationConnection",
        edges: nodes.map((node) => ({ __typename: "NotificationEdge", node })),
        pageInfo: { __typename: "PageInfo", hasNextPage: page.hasNextPage ?? false, endCursor: page.endCursor ?? null },
      },
    },
  },
});
const count = (n: number) => ({
  request: { query: DashboardCountsDocument },
  result: { data: { notificationCount: n, unreadMessageCount: 0 } },
});

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
  it("shows the first page and appends the next one with Show more", async () => {
    renderPage([viewer, list([swapRequest, accepted], { endCursor: "c2", hasNextPage: true }), list([rejected], { after: "c2" }), live]);
    expect(await screen.findAllByRole("listitem")).toHaveLength(2);
    fireEvent.click(screen.getByRole("button", { name: "Show more" }));
    await waitFor(() => expect(screen.getAllByRole("listitem")).toHaveLength(3));
    expect(screen.getAllByRole("listitem").map((li) => within(li).getByText(/^Person /).textContent)).toEqual([
      "Person 1",
      "Person 2",
      "Person 3",
    ]);
    expect(screen.queryByRole("button", { name: "Show more" })).toBeNull();
  });

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
    expect(c.getByRole("heading").textContent).toBe("Person 4 and you: the request expired");
    expect(c.getByText("Guitar")).toBeTruthy();
    expect(c.getByRole("button", { name: "Ok" })).toBeTruthy();
    expect(c.queryByRole("button", { name: "Accept" })).toBeNull();
    expect(c.getByRole("link", { name: "View Profile" }).getAttribute("href")).toBe("/user/u-4/me/Female");
  });

  it("shows a withdrawn acceptance with Ok and the teacher's profile, and no Pay", async () => {
    renderPage([viewer, list([withdrawn]), live]);
    const [card] = await screen.findAllByRole("listitem");
    const c = within(card);
    expect(c.getByText("Withdrawn")).toBeTruthy();
    expect(c.getByRole("heading").textContent).toBe("Person 5 withdrew their acceptance of your pay request");
    expect(c.getByRole("button", { name: "Ok" })).toBeTruthy();
    expect(c.queryByRole("button", { name: /Pay/ })).toBeNull();
    expect(c.getByRole("link", { name: "View Profile" }).getAttribute("href")).toBe("/user/u-5/me/Female");
  });

  it("leads an accepted project applicant to the chat the acceptance opened with the owner", async () => {
    renderPage([viewer, list([note("6", "ACCEPT_IMPLEMENT_USER")]), live]);
    const [card] = await screen.findAllByRole("listitem");
    const c = within(card);
    expect(c.getByRole("heading").textContent).toBe("Person 6 accepted you on their project");
    expect(c.getByRole("link", { name: "Open chat" }).getAttribute("href")).toBe("/user/chat/u-6");
    expect(c.getByRole("button", { name: "Ok" })).toBeTruthy();
  });

  it("shows 'No notifications' for an empty list", async () => {
    renderPage([viewer, list([]), live]);
    expect(await screen.findByRole("heading", { name: "No notifications" })).toBeTruthy();
  });

  it("sends an incomplete profile to /p", async () => {
    const router = renderPage([
      viewer,
      {
        request: { query: NotificationsDocument, variables: first },
        result: { errors: [new GraphQLError("not filled details", { extensions: { code: "DETAILS_NOT_FILLED" } })] },
      },
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
      {
        request: { query: RejectRequestDocument, variables: { id: "req-1" } },
        result: { data: { rejectRequest: { __typename: "SwapRequest", id: "req-1", status: "REJECTED" } } },
      },
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
    // A success is a status (announced politely), in the feedback bar fixed inside the viewport.
    const done = await screen.findByRole("status");
    expect(done.textContent).toContain("Request rejected");
    expect(screen.getByTestId("action-feedback").contains(done)).toBe(true);
  });

  it("accepts and updates the list without a reload; a refusal shows the server's words", async () => {
    renderPage([
      viewer,
      list([swapRequest]),
      live,
      {
        request: { query: AcceptRequestDocument, variables: { id: "req-1" } },
        result: { errors: [new GraphQLError("This request is no longer pending", { extensions: { code: "CONFLICT" } })] },
      },
      list([swapRequest]),
      count(1),
      {
        request: { query: AcceptRequestDocument, variables: { id: "req-1" } },
        result: { data: { acceptRequest: { __typename: "SwapRequest", id: "req-1", kind: "SWAP", status: "ACCEPTED", chatId: "c1" } } },
      },
      list([]),
      count(0),
    ]);
    fireEvent.click(await screen.findByRole("button", { name: "Accept" }));
    const refusal = await screen.findByRole("alert");
    expect(refusal.textContent).toContain("This request is no longer pending");
    expect(screen.getByTestId("action-feedback").contains(refusal)).toBe(true);
    // The first answer's refetch may still be running: Accept stays aria-disabled until it settles.
    await waitFor(() => expect(screen.getByRole("button", { name: "Accept" }).getAttribute("aria-disabled")).not.toBe("true"));
    fireEvent.click(screen.getByRole("button", { name: "Accept" }));
    expect(await screen.findByRole("heading", { name: "No notifications" })).toBeTruthy();
    expect((await screen.findByRole("status")).textContent).toContain("Your chat is open.");
    // The accepted card went with its buttons: the keyboard is on the answer's next step, not lost on the page.
    expect(document.activeElement).toBe(screen.getByRole("link", { name: "Go to the chat" }));
    // The refusal went with the next action: one answer at a time.
    expect(screen.queryByText("This request is no longer pending")).toBeNull();
  });

  describe("paying asks first", () => {
    const balance = (coins: number) => ({
      request: { query: PayBalanceDocument },
      result: { data: { skillCoins: { __typename: "SkillCoinAccount", id: "me", balance: coins } } },
    });
    let paid = 0;
    const pay = {
      request: { query: PayAcceptedRequestDocument, variables: { id: "req-2" } },
      result: () => {
        paid++;
        return {
          data: {
            payAcceptedRequest: {
              __typename: "PaymentResult",
              message: "Payment Successful!! 6 has been detected from your account.",
              coins: 6,
              request: { __typename: "SwapRequest", id: "req-2", status: "PAID", chatId: "c1" },
            },
          },
        };
      },
    };

    it("names the partner, the amount and the balance after; Cancel spends nothing; Pay shows the spec's text", async () => {
      paid = 0;
      renderPage([viewer, list([accepted]), live, balance(10), balance(10), pay, list([]), count(0)]);
      fireEvent.click(await screen.findByRole("button", { name: /Pay 6/ }));
      const dialog = await screen.findByRole("alertdialog", { name: "Pay Person 2 6 skill coins?" });
      expect(await within(dialog).findByTestId("balance-after")).toHaveProperty("textContent", "4 skill coins");
      expect(dialog.textContent).toContain("10 skill coins");
      fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
      await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
      expect(paid).toBe(0);

      fireEvent.click(screen.getByRole("button", { name: /Pay 6/ }));
      const again = await screen.findByRole("alertdialog");
      await within(again).findByTestId("balance-after");
      fireEvent.click(within(again).getByRole("button", { name: "Pay 6" }));
      const done = await screen.findByRole("status");
      expect(done.textContent).toContain("Payment Successful!! 6 has been detected from your account.");
      expect(paid).toBe(1);
      await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
      // Once the confirmation closed, the keyboard goes on to the chat the payment opened.
      await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("link", { name: "Go to the chat" })));
    });

    it("says the balance is short and offers buying coins instead of paying", async () => {
      renderPage([viewer, list([accepted]), live, balance(2)]);
      fireEvent.click(await screen.findByRole("button", { name: /Pay 6/ }));
      const dialog = await screen.findByRole("alertdialog");
      const short = await within(dialog).findByRole("alert");
      expect(short.textContent).toContain("You do not have enough skill coins");
      expect(short.textContent).toContain("You have 2 skill coins and this course costs 6 skill coins.");
      expect(within(short).getByRole("link", { name: "Buy skill coins" }).getAttribute("href")).toBe(
        "/skill-coins?returnTo=%2Fme%2Fnotifications&coins=4",
      );
      expect(within(dialog).getByRole("button", { name: "Pay 6" })).toHaveProperty("disabled", true);
    });
  });
});
