import { InMemoryCache } from "@apollo/client";
import { describe, expect, it } from "vitest";
import { ChatDocument, type ChatQuery, OlderMessagesDocument } from "../../../gql/graphql";
import { typePolicies } from "../../../lib/type-policies";
import { addMessageToCache } from "../hooks/use-live-chat";
import { meetingHref, meetingLabel } from "./chat-rules";
import { type ChatMessage, groupByDay, visibleMessages } from "./messages";

const msg = (seq: number, over: Partial<ChatMessage> = {}): ChatMessage => ({
  __typename: "ChatMessage",
  id: `m${seq}`,
  chatId: "c1",
  seq,
  fromUserId: seq % 2 ? "me" : "them",
  toUserId: seq % 2 ? "them" : "me",
  body: `message ${seq}`,
  createdAt: new Date(2026, 0, 5, 9, seq).toISOString(),
  clientId: null,
  ...over,
});

describe("meeting links", () => {
  it("prepend http:// when opened without it, and never open another scheme", () => {
    expect(meetingHref("meet.google.com/x")).toBe("http://meet.google.com/x");
    expect(meetingHref("https://zoom.us/j/1")).toBe("https://zoom.us/j/1");
    expect(meetingHref("javascript:alert(1)")).toBeNull();
    expect(meetingHref("data:text/html,hi")).toBeNull();
    expect(meetingHref("")).toBeNull();
    expect(meetingLabel("https://meet.google.com/abc-defg-hij")).toBe("meet.google.com/abc-defg-hij");
  });
});

describe("messages", () => {
  it("show a sent message once: the optimistic copy goes when the stored one (same clientId) is there", () => {
    const optimistic = msg(3, { id: "optimistic-k1", clientId: "k1" });
    expect(visibleMessages([msg(1), msg(2), optimistic]).map((m) => m.id)).toEqual(["m1", "m2", "optimistic-k1"]);
    expect(visibleMessages([msg(1), optimistic, msg(3, { clientId: "k1" }), msg(2)]).map((m) => m.id)).toEqual(["m1", "m2", "m3"]);
  });

  it("group by local day, in order", () => {
    const now = new Date(2026, 0, 6, 12);
    const groups = groupByDay(
      [
        msg(1, { createdAt: new Date(2026, 0, 4, 10).toISOString() }),
        msg(2, { createdAt: new Date(2026, 0, 5, 23).toISOString() }),
        msg(3, { createdAt: new Date(2026, 0, 6, 8).toISOString() }),
        msg(4, { createdAt: new Date(2026, 0, 6, 9).toISOString() }),
      ],
      now,
    );
    expect(groups.map((g) => [g.label, g.messages.length])).toEqual([
      [expect.stringMatching(/4/), 1],
      ["Yesterday", 1],
      ["Today", 2],
    ]);
  });
});

describe("the chat's message cache", () => {
  const edges = (nodes: ChatMessage[]) => nodes.map((node) => ({ __typename: "ChatMessageEdge" as const, node }));
  const base = (nodes: ChatMessage[], hasOlder: boolean): ChatQuery => ({
    chat: {
      __typename: "Chat",
      id: "c1",
      kind: "SWAP",
      status: "IN_PROGRESS",
      startDate: "2026-01-05T09:00:00.000Z",
      endedAt: null,
      meetingLink: null,
      ratingGiven: false,
      finishedByMe: false,
      finishedByPartner: false,
      daysCompleted: 0,
      daysRequired: 10,
      lessonsHeld: 0,
      coins: 0,
      title: null,
      iLearn: null,
      iTeach: null,
      me: { __typename: "ChatUser", id: "me", name: "Me", image: null, gender: "MALE" },
      partner: { __typename: "ChatUser", id: "them", name: "Them", image: null, gender: "FEMALE" },
      messages: {
        __typename: "ChatMessageConnection",
        edges: edges(nodes),
        pageInfo: { __typename: "PageInfo", hasPreviousPage: hasOlder, startCursor: nodes.length ? `cursor-${nodes[0].seq}` : null },
      },
    },
  });

  it("joins older pages, live messages and refetches into one ordered list without duplicates", () => {
    const cache = new InMemoryCache({ typePolicies });
    const read = () => cache.readQuery({ query: ChatDocument, variables: { chatWith: "them" } })!.chat.messages;
    cache.writeQuery({ query: ChatDocument, variables: { chatWith: "them" }, data: base([msg(4), msg(5), msg(6)], true) });
    expect(read().pageInfo).toMatchObject({ hasPreviousPage: true, startCursor: "cursor-4" });
    cache.writeQuery({
      query: OlderMessagesDocument,
      variables: { chatWith: "them", before: "cursor-4" },
      data: {
        chat: {
          __typename: "Chat",
          id: "c1",
          messages: {
            __typename: "ChatMessageConnection",
            edges: edges([msg(1), msg(2), msg(3)]),
            pageInfo: { __typename: "PageInfo", hasPreviousPage: false, startCursor: "cursor-1" },
          },
        },
      },
    });
    const seqs = () => read().edges.map((e) => e.node.seq);
    expect(seqs()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(read().pageInfo).toMatchObject({ hasPreviousPage: false, startCursor: "cursor-1" });
    addMessageToCache(cache, "them", msg(7));
    addMessageToCache(cache, "them", msg(7));
    // A refetch of the newest page keeps what was loaded above it.
    cache.writeQuery({ query: ChatDocument, variables: { chatWith: "them" }, data: base([msg(6), msg(7), msg(8)], true) });
    expect(seqs()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // The oldest page fetched still says where scrolling up starts.
    expect(read().pageInfo).toMatchObject({ hasPreviousPage: false, startCursor: "cursor-1" });
  });
});
