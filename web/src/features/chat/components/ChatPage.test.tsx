import { MockedProvider } from "@apollo/client/testing/react";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { GraphQLError } from "graphql";
import { createMemoryRouter, RouterProvider } from "react-router";
import { act } from "react";
import { describe, expect, it, vi } from "vitest";
import {
  ChatDocument,
  ChatUpdatedDocument,
  FinishChatDocument,
  MarkChatReadDocument,
  MessageAddedDocument,
  PartnerTypingDocument,
  SendTypingSignalDocument,
  SetMeetingLinkDocument,
} from "../../../gql/graphql";
import { typePolicies } from "../../../lib/type-policies";
import { InMemoryCache } from "@apollo/client";
import { ChatPage } from "./ChatPage";

/** A notice matched as a whole: a partner's name is a span of its own in it (dir="auto"). */
const sentence = (pattern: RegExp) => (_: string, el: Element | null) =>
  Boolean(el && pattern.test(el.textContent ?? "") && ![...el.children].some((child) => pattern.test(child.textContent ?? "")));

const chat = {
  __typename: "Chat",
  id: "c1",
  kind: "SWAP",
  status: "IN_PROGRESS",
  startDate: "2026-01-05T09:00:00.000Z",
  endedAt: null,
  meetingLink: "meet.google.com/abc",
  ratingGiven: false,
  finishedByMe: false,
  finishedByPartner: false,
  daysCompleted: 2,
  daysRequired: 10,
  lessonsHeld: 0,
  coins: 0,
  title: null,
  iLearn: { __typename: "ChatSkill", skill: "Guitar", category: "Music & Performing Arts" },
  iTeach: { __typename: "ChatSkill", skill: "React", category: "Programming & Technology" },
  me: { __typename: "ChatUser", id: "me", name: "Asha", image: null, gender: "FEMALE" },
  partner: { __typename: "ChatUser", id: "them", name: "Ravi Kumar", image: null, gender: "MALE" },
  messages: {
    __typename: "ChatMessageConnection",
    pageInfo: { __typename: "PageInfo", hasPreviousPage: false, startCursor: "c-1" },
    edges: [
      {
        __typename: "ChatMessageEdge",
        node: {
          __typename: "ChatMessage",
          id: "m1",
          chatId: "c1",
          seq: 1,
          fromUserId: "them",
          toUserId: "me",
          body: "<b>not bold</b><script>x()</script>",
          createdAt: "2026-01-05T09:01:00.000Z",
          clientId: null,
        },
      },
    ],
  },
};

let markedRead = 0;
const noTyping = { request: { query: PartnerTypingDocument, variables: { chatWith: "them" } }, result: { data: {} }, delay: Infinity };
const live = [
  noTyping,
  // The chat shows message 1: the subscription asks for what came after it.
  { request: { query: MessageAddedDocument, variables: { chatWith: "them", afterSeq: 1 } }, result: { data: {} }, delay: Infinity },
  { request: { query: ChatUpdatedDocument, variables: { chatWith: "them" } }, result: { data: {} }, delay: Infinity },
  {
    request: { query: MarkChatReadDocument, variables: { chatWith: "them" } },
    result: () => {
      markedRead++;
      return { data: { markChatRead: { __typename: "ChatListItem", id: "c1", unreadCount: 0 } } };
    },
    maxUsageCount: 10,
  },
];

function renderAt(mocks: unknown[], cache = new InMemoryCache({ typePolicies })) {
  const router = createMemoryRouter(
    [
      { path: "/user/chat/:id", element: <ChatPage chatWith="them" /> },
      { path: "/user/chat", element: <p>chat list</p> },
      { path: "/p", element: <p>profile form</p> },
    ],
    { initialEntries: ["/user/chat/them"] },
  );
  render(
    <MockedProvider mocks={mocks as never} cache={cache}>
      <RouterProvider router={router} />
    </MockedProvider>,
  );
  return router;
}

describe("chat page", () => {
  it("offers the meeting only while the chat is open (a reported or finished chat's meeting is over)", async () => {
    const closed = { ...chat, status: "SUSPENDED" };
    renderAt([{ request: { query: ChatDocument, variables: { chatWith: "them" } }, result: { data: { chat: closed } } }, ...live]);
    expect(await screen.findByText("Ravi Kumar")).toBeTruthy();
    expect(screen.queryByRole("link", { name: /Join meeting/ })).toBeNull();
  });

  it("shows the partner, the meeting link opened with http://, and messages as plain text", async () => {
    renderAt([{ request: { query: ChatDocument, variables: { chatWith: "them" } }, result: { data: { chat } } }, ...live]);
    expect(await screen.findByText("Ravi Kumar")).toBeTruthy();
    expect(screen.getByRole("link", { name: /Ravi Kumar/ }).getAttribute("href")).toBe("/user/them/me/Female");
    expect(screen.getByRole("link", { name: /Join meeting/ }).getAttribute("href")).toBe("http://meet.google.com/abc");
    expect(screen.getByText("<b>not bold</b><script>x()</script>")).toBeTruthy();
    expect(document.querySelector("b, script")).toBeNull();
    expect(screen.getByPlaceholderText("Type your message...")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Send" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Finish" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Report" })).toBeTruthy();
  });

  it("subscribes once, for the messages after the newest one it shows, and keeps those variables as messages arrive", async () => {
    const subscribed: unknown[] = [];
    const sentMeanwhile = {
      __typename: "ChatMessage",
      id: "m2",
      chatId: "c1",
      seq: 2,
      fromUserId: "them",
      toUserId: "me",
      body: "sent before the subscription was live",
      createdAt: "2026-01-05T09:02:00.000Z",
      clientId: null,
    };
    renderAt([
      { request: { query: ChatDocument, variables: { chatWith: "them" } }, result: { data: { chat } } },
      {
        request: { query: MessageAddedDocument, variables: (v: { chatWith: string }) => v.chatWith === "them" },
        result: { data: { messageAdded: sentMeanwhile } },
        // Recorded as each subscription starts (the mock asks for its delay then).
        delay: (op: { variables: unknown }) => {
          subscribed.push(op.variables);
          return 0;
        },
        maxUsageCount: 5,
      },
      ...live.filter((m) => m.request.query !== MessageAddedDocument),
    ]);
    expect(await screen.findByText("sent before the subscription was live")).toBeTruthy();
    await act(async () => {});
    // The message the catch-up brought moved the newest seq to 2, and no second subscription started for it.
    expect(subscribed).toEqual([{ chatWith: "them", afterSeq: 1 }]);
  });

  it("marks the chat read when it opens", async () => {
    const before = markedRead;
    renderAt([{ request: { query: ChatDocument, variables: { chatWith: "them" } }, result: { data: { chat } } }, ...live]);
    expect(await screen.findByText("Ravi Kumar")).toBeTruthy();
    await waitFor(() => expect(markedRead).toBeGreaterThan(before));
  });

  it("goes to /user/chat for 'Chat not found'", async () => {
    const router = renderAt([
      {
        request: { query: ChatDocument, variables: { chatWith: "them" } },
        result: { errors: [new GraphQLError("Chat not found", { extensions: { code: "NOT_FOUND" } })] },
      },
      ...live,
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe("/user/chat"));
  });

  it("goes to /p while the profile is not filled", async () => {
    const router = renderAt([
      {
        request: { query: ChatDocument, variables: { chatWith: "them" } },
        result: { errors: [new GraphQLError("not filled details", { extensions: { code: "DETAILS_NOT_FILLED" } })] },
      },
      ...live,
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe("/p"));
  });

  it("explains a finish refused by the 10-day rule with the lessons held so far", async () => {
    const tooEarly = "You should have learned for atleast 10 days to finish the course. You have just completed 2 days.";
    renderAt([
      { request: { query: ChatDocument, variables: { chatWith: "them" } }, result: { data: { chat: { ...chat, lessonsHeld: 3 } } } },
      ...live,
      {
        request: { query: FinishChatDocument, variables: { chatWith: "them" } },
        result: { errors: [new GraphQLError(tooEarly, { extensions: { code: "BAD_USER_INPUT", daysCompleted: 2 } })] },
      },
    ]);
    fireEvent.click(await screen.findByRole("button", { name: "Finish" }));
    const refusal = await screen.findByRole("alert");
    expect(refusal.textContent).toBe(`${tooEarly} You have held 3 scheduled lessons with Ravi Kumar so far.`);
    // Shown in the feedback bar fixed inside the viewport, and counting the days the header counts.
    expect(screen.getByTestId("action-feedback").contains(refusal)).toBe(true);
    expect(screen.getByText(/2 of 10 days completed/)).toBeTruthy();
  });

  it("answers a saved meeting link in the feedback bar, gone when the next action starts, and keeps the bar above the composer", async () => {
    renderAt([
      { request: { query: ChatDocument, variables: { chatWith: "them" } }, result: { data: { chat } } },
      ...live,
      {
        request: { query: SetMeetingLinkDocument, variables: { chatWith: "them", link: "https://zoom.us/j/1" } },
        result: { data: { setMeetingLink: { __typename: "Chat", id: "c1", meetingLink: "https://zoom.us/j/1" } } },
      },
    ]);
    fireEvent.click(await screen.findByRole("button", { name: "Change link" }));
    fireEvent.change(screen.getByLabelText(/^Link/), { target: { value: "https://zoom.us/j/1" } });
    fireEvent.click(screen.getByRole("button", { name: "Save link" }));
    const saved = await within(screen.getByTestId("action-feedback")).findByRole("status");
    expect(saved.textContent).toContain("Meeting link saved. You both see it in this chat.");
    // The composer sets the bar's clearance while the chat is shown.
    expect(document.documentElement.style.getPropertyValue("--action-feedback-clearance")).toMatch(/^\d+px$/);

    fireEvent.click(screen.getByRole("button", { name: "Report" }));
    expect(screen.queryByText(/Meeting link saved/)).toBeNull();
  });

  it("keeps Finish a secondary action before day 10 and makes it the primary one from day 10", async () => {
    const classes = async () => {
      const finish = await screen.findByRole("button", { name: "Finish" });
      return { finish: finish.className, secondary: screen.getByRole("button", { name: "Change link" }).className };
    };
    renderAt([{ request: { query: ChatDocument, variables: { chatWith: "them" } }, result: { data: { chat } } }, ...live]);
    const early = await classes();
    expect(early.finish).toBe(early.secondary);
    cleanup();
    renderAt([
      { request: { query: ChatDocument, variables: { chatWith: "them" } }, result: { data: { chat: { ...chat, daysCompleted: 10 } } } },
      ...live,
    ]);
    const ready = await classes();
    expect(ready.finish).not.toBe(ready.secondary);
    cleanup();
    // Past the rule's days the count stops at them: the rule is met, never "13 of 10".
    renderAt([
      { request: { query: ChatDocument, variables: { chatWith: "them" } }, result: { data: { chat: { ...chat, daysCompleted: 13 } } } },
      ...live,
    ]);
    expect(await screen.findByText("10 of 10 days completed")).toBeTruthy();
  });

  it("shows the second student to finish the ended chat, with one banner, instead of leaving for the list", async () => {
    const router = renderAt([
      {
        request: { query: ChatDocument, variables: { chatWith: "them" } },
        result: { data: { chat: { ...chat, daysCompleted: 11, ratingGiven: true, finishedByPartner: true } } },
      },
      ...live,
      {
        request: { query: FinishChatDocument, variables: { chatWith: "them" } },
        result: {
          data: {
            finishChat: {
              __typename: "FinishChatResult",
              ended: true,
              waitingForPartner: false,
              chat: {
                __typename: "Chat",
                id: "c1",
                status: "COMPLETED",
                finishedByMe: true,
                finishedByPartner: true,
                endedAt: "2026-01-16T09:00:00.000Z",
              },
            },
          },
        },
      },
    ]);
    expect(await screen.findByText(sentence(/^Ravi Kumar has finished/))).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Finish" }));
    expect(await screen.findByText("You both finished this chat. Well done!")).toBeTruthy();
    expect(screen.queryByText(sentence(/^Ravi Kumar has finished/))).toBeNull();
    expect(screen.queryByText(sentence(/as soon as Ravi Kumar finishes too/))).toBeNull();
    expect(router.state.location.pathname).toBe("/user/chat/them");
  });

  it("shows the first student one waiting banner, replaced by the ended chat when the partner finishes", async () => {
    const cache = new InMemoryCache({ typePolicies });
    renderAt(
      [
        {
          request: { query: ChatDocument, variables: { chatWith: "them" } },
          result: { data: { chat: { ...chat, daysCompleted: 10, ratingGiven: true } } },
        },
        ...live,
        {
          request: { query: FinishChatDocument, variables: { chatWith: "them" } },
          result: {
            data: {
              finishChat: {
                __typename: "FinishChatResult",
                ended: false,
                waitingForPartner: true,
                chat: { __typename: "Chat", id: "c1", status: "IN_PROGRESS", finishedByMe: true, finishedByPartner: false, endedAt: null },
              },
            },
          },
        },
      ],
      cache,
    );
    fireEvent.click(await screen.findByRole("button", { name: "Finish" }));
    expect(await screen.findByText(sentence(/as soon as Ravi Kumar finishes too/))).toBeTruthy();
    // The partner finishes: the live update merges into the cached chat.
    act(() => {
      cache.modify({
        id: cache.identify({ __typename: "Chat", id: "c1" }),
        fields: { status: () => "COMPLETED", finishedByPartner: () => true },
      });
    });
    expect(await screen.findByText("You both finished this chat. Well done!")).toBeTruthy();
    expect(screen.queryByText(sentence(/as soon as Ravi Kumar finishes too/))).toBeNull();
  });
});

describe("the typing line", () => {
  const typingAfter = (delay: number) => ({
    request: { query: PartnerTypingDocument, variables: { chatWith: "them" } },
    result: { data: { partnerTyping: { __typename: "ChatTyping", chatId: "c1", userId: "them", at: "2026-01-05T09:02:00.000Z" } } },
    delay,
  });
  const withoutTyping = live.filter((m) => m !== noTyping);
  const line = () => screen.getByRole("status");

  it("shows '<first name> is typing…' politely while the partner types, and clears it after a few seconds of silence", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderAt([
        { request: { query: ChatDocument, variables: { chatWith: "them" } }, result: { data: { chat } } },
        typingAfter(0),
        ...withoutTyping,
      ]);
      await screen.findByText("Ravi Kumar");
      await waitFor(() => expect(line().textContent).toBe("Ravi is typing…"));
      expect(line().getAttribute("aria-live")).toBe("polite");
      await act(async () => {
        await vi.advanceTimersByTimeAsync(5_000);
      });
      expect(line().textContent).toBe("");
    } finally {
      vi.useRealTimers();
    }
  });

  it("clears the line when the partner's message arrives", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const message = {
        __typename: "ChatMessage",
        id: "m2",
        chatId: "c1",
        seq: 2,
        fromUserId: "them",
        toUserId: "me",
        body: "here it is",
        createdAt: "2026-01-05T09:03:00.000Z",
        clientId: null,
      };
      renderAt([
        { request: { query: ChatDocument, variables: { chatWith: "them" } }, result: { data: { chat } } },
        typingAfter(0),
        {
          request: { query: MessageAddedDocument, variables: { chatWith: "them", afterSeq: 1 } },
          result: { data: { messageAdded: message } },
          delay: 3_000,
        },
        ...withoutTyping.filter((m) => m.request.query !== MessageAddedDocument),
      ]);
      await waitFor(() => expect(line().textContent).toBe("Ravi is typing…"));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(3_000);
      });
      await screen.findByText("here it is");
      expect(line().textContent).toBe("");
    } finally {
      vi.useRealTimers();
    }
  });

  it("sends one signal for a burst of keys", async () => {
    let signals = 0;
    renderAt([
      { request: { query: ChatDocument, variables: { chatWith: "them" } }, result: { data: { chat } } },
      ...live,
      {
        request: { query: SendTypingSignalDocument, variables: { chatWith: "them" } },
        result: { data: { sendTypingSignal: true } },
        // Counted as each signal is sent (the mock asks for its delay then), not when its answer comes.
        delay: () => {
          signals++;
          return 0;
        },
        maxUsageCount: 10,
      },
    ]);
    const input = await screen.findByPlaceholderText("Type your message...");
    for (const text of ["h", "he", "hel", "hell", "hello"]) fireEvent.change(input, { target: { value: text } });
    await waitFor(() => expect(signals).toBe(1));
    fireEvent.change(input, { target: { value: "hello!" } });
    await act(async () => {});
    expect(signals).toBe(1);
  });
});
