/** Helpers for the chat suites: two students with a chat, the GraphQL documents, ledger reads. */
import { Chat } from "../src/modules/chat/chat.entity.js";
import { CoinTransfer, SYSTEM_ACCOUNTS } from "../src/modules/coins/ledger.entity.js";
import { DAY } from "../src/shared/clock.js";
import type { TestApp } from "./harness.js";
import { filledStudent } from "./profiles.js";
import { ledgerWrites } from "./ledger.js";

export type Student = Awaited<ReturnType<typeof filledStudent>>;

export const CHAT = `query Chat($chatWith: ID!, $before: String, $last: Int, $first: Int, $after: String) {
  chat(chatWith: $chatWith) {
    id kind status startDate endedAt meetingLink ratingGiven finishedByMe finishedByPartner daysCompleted daysRequired coins title
    iLearn { skill category } iTeach { skill category }
    me { id name } partner { id name image gender }
    messages(before: $before, last: $last, first: $first, after: $after) {
      pageInfo { hasPreviousPage hasNextPage startCursor endCursor }
      edges { cursor node { id chatId seq fromUserId toUserId body createdAt clientId } }
    }
  }
}`;
export const CHATS = `query Chats($first: Int, $after: String) { chats(first: $first, after: $after) {
  pageInfo { hasNextPage endCursor }
  edges { node { id status lastMessageAt lastMessagePreview lastMessageFromMe partner { id name image } } }
} }`;

/** The nodes of a connection, in its order. */
export const nodesOf = <T = any>(c: { edges: Array<{ node: T }> }): T[] => c.edges.map((e) => e.node);
export const SEND = `mutation Send($chatWith: ID!, $body: String!, $clientId: String) {
  sendMessage(chatWith: $chatWith, body: $body, clientId: $clientId) { id chatId seq fromUserId toUserId body createdAt clientId }
}`;
export const SET_LINK = `mutation Link($chatWith: ID!, $link: String!) { setMeetingLink(chatWith: $chatWith, link: $link) { id meetingLink } }`;
export const RATE = `mutation Rate($chatWith: ID!, $stars: Int!) { rateChatPartner(chatWith: $chatWith, stars: $stars) { id ratingGiven } }`;
export const FINISH = `mutation Finish($chatWith: ID!) { finishChat(chatWith: $chatWith) { ended waitingForPartner chat { id status finishedByMe finishedByPartner } } }`;
export const REPORT = `mutation Report($chatWith: ID!, $reason: ReportReason!, $details: String) {
  reportChat(chatWith: $chatWith, reason: $reason, details: $details) { id status }
}`;
export const MESSAGE_ADDED = `subscription Added($chatWith: ID!) { messageAdded(chatWith: $chatWith) { id seq fromUserId toUserId body clientId } }`;
/** messageAdded catching up: the messages after `afterSeq` first, then the live ones. */
export const MESSAGE_ADDED_AFTER = `subscription AddedAfter($chatWith: ID!, $afterSeq: Int) {
  messageAdded(chatWith: $chatWith, afterSeq: $afterSeq) { id seq fromUserId toUserId body clientId }
}`;
export const CHAT_UPDATED = `subscription Updated($chatWith: ID!) { chatUpdated(chatWith: $chatWith) { id status meetingLink ratingGiven finishedByMe finishedByPartner partner { id name } } }`;

let payments = 0;

/** Gives a student bought coins through the ledger (as a verified purchase would). */
export async function giveCoins(t: TestApp, userId: string, coins: number): Promise<void> {
  payments++;
  await ledgerWrites(t.app.services).creditPurchase({
    userId,
    coins,
    paymentId: `pay_test_${payments}_${Date.now()}`,
    orderId: `order_test_${payments}`,
  });
}

/**
 * Two students with filled profiles and a chat between them, opened through the chat module's
 * own API (`chatOpen`, as swaps and implements do). `a` asked (and learns Guitar from `b`); in
 * a swap `b` learns React from `a`; in a pay chat `a` paid `coins`, held in escrow.
 */
export async function chatPair(t: TestApp, opts: { kind?: "swap" | "pay" | "implement"; coins?: number } = {}) {
  const kind = opts.kind ?? "swap";
  const a = await student(t, { gender: "Male", known: ["React"], required: ["Guitar"] });
  const b = await student(t, { gender: "Female", known: ["Guitar"], required: ["React"] });
  const s = t.app.services;
  let escrowRef: string | null = null;
  const coins = opts.coins ?? 0;
  if (kind === "pay") {
    await giveCoins(t, a.id, coins + 2);
    escrowRef = `pay:test-${a.id}`;
  }
  const chat = await s.deps.tx(async (em) => {
    if (escrowRef) await s.coins.hold({ learnerId: a.id, teacherId: b.id, refKey: escrowRef, coins }, em);
    return s.chatOpen.open(
      {
        kind,
        requesterId: a.id,
        receiverId: b.id,
        requesterLearns: kind === "implement" ? null : { skill: "Guitar", category: "Music & Performing Arts" },
        receiverLearns: kind === "swap" ? { skill: "React", category: "Programming & Technology" } : null,
        coins: kind === "pay" ? coins : 0,
        escrowRef,
        title: kind === "implement" ? "Build a robot" : null,
      },
      em,
    );
  });
  return { a, b, chat };
}

export async function chatRow(t: TestApp, id: string): Promise<Chat> {
  return t.dataSource.getRepository(Chat).findOneOrFail({ where: { id } });
}

export const balance = (t: TestApp, id: string) => t.app.services.coins.balanceOf(id);
export const escrowBalance = (t: TestApp) => t.app.services.coins.balanceOf(SYSTEM_ACCOUNTS.escrow);
export const transfersLike = (t: TestApp, keyPrefix: string) =>
  t.dataSource
    .getRepository(CoinTransfer)
    .createQueryBuilder("t")
    .where("t.key LIKE :k", { k: `${keyPrefix}%` })
    .getMany();

const studentsOf = new WeakMap<TestApp, Student[]>();

/** A student with a filled profile whose token `advanceDays` keeps fresh. */
export async function student(t: TestApp, opts: Parameters<typeof filledStudent>[1] = {}): Promise<Student> {
  const s = await filledStudent(t, opts);
  studentsOf.set(t, [...(studentsOf.get(t) ?? []), s]);
  return s;
}

/**
 * Moves the test clock `days` whole days forward. Session tokens live 7 days, so the students
 * made here get new ones, as they would by signing in again.
 */
export async function advanceDays(t: TestApp, days: number): Promise<void> {
  t.clock.advance(days * DAY);
  for (const s of studentsOf.get(t) ?? []) s.token = await t.app.services.auth.issueToken(s.user);
}

/** The errors a subscription ends with (graphql-ws sends a refused subscribe as a result or an error). */
export async function subscriptionErrors(sub: {
  next(): Promise<any>;
}): Promise<Array<{ message: string; extensions?: { code?: string } }>> {
  try {
    const r = await sub.next();
    return r?.errors ?? [];
  } catch (e) {
    return Array.isArray(e) ? e : [e as { message: string }];
  }
}

export const CHAT_LIST_CHANGED = `subscription ListChanged { chatListChanged {
  cursor
  item { id status lastMessageAt lastMessagePreview lastMessageFromMe unreadCount partner { id name image online } }
  partner { id name online }
} }`;
export const TYPING = `mutation Typing($chatWith: ID!) { sendTypingSignal(chatWith: $chatWith) }`;
export const PARTNER_TYPING = `subscription PartnerTyping($chatWith: ID!) { partnerTyping(chatWith: $chatWith) { chatId userId at } }`;

export type ListChange = { item: any; cursor: string | null; partner: { id: string; name: string; online: boolean } | null };

/**
 * The next chat list change of a subscription that `keep` accepts; every change skipped on the way
 * is returned too, so a test can say none of them concerned someone else.
 */
export async function nextListChange(
  sub: { next(): Promise<any> },
  keep: (c: ListChange) => boolean,
  skipped: ListChange[] = [],
): Promise<ListChange> {
  for (;;) {
    const r = await sub.next();
    if (r.errors) throw new Error(JSON.stringify(r.errors));
    const change = r.data.chatListChanged as ListChange;
    if (keep(change)) return change;
    skipped.push(change);
  }
}
