import type { FieldPolicy, Reference, TypePolicies } from "@apollo/client";

interface CursorPage {
  items: Reference[];
  endCursor: string | null;
  hasMore: boolean;
}

/**
 * A `{ items, endCursor, hasMore }` page fetched with `after`: the first page (no `after`)
 * replaces what is cached, later pages append (skipping items already there).
 */
export function cursorPage(keyArgs: FieldPolicy["keyArgs"] = false): FieldPolicy<CursorPage> {
  return {
    keyArgs,
    merge(existing, incoming, { args, readField }) {
      if (!existing || !args?.after) return incoming;
      const seen = new Set(existing.items.map((item) => readField<string>("id", item)));
      return { ...incoming, items: [...existing.items, ...incoming.items.filter((item) => !seen.has(readField<string>("id", item)))] };
    },
  };
}

interface SeqPage {
  nodes: Reference[];
  hasOlder: boolean;
}

/**
 * A chat's messages, `{ nodes, hasOlder }` ordered by `seq`: every page (the newest, older ones
 * fetched with `before`, live and sent messages written in) joins one list without duplicates.
 * `hasOlder` comes from the oldest page fetched.
 */
export function seqPage(): FieldPolicy<SeqPage> {
  return {
    keyArgs: false,
    merge(existing, incoming, { args, readField }) {
      const byId = new Map<string, Reference>();
      for (const ref of [...(existing?.nodes ?? []), ...incoming.nodes]) byId.set(readField<string>("id", ref) ?? "", ref);
      const seq = (ref: Reference) => readField<number>("seq", ref) ?? 0;
      const optimistic = (ref: Reference) => (readField<string>("id", ref) ?? "").startsWith("optimistic-");
      const nodes = [...byId.values()].sort((a, b) => seq(a) - seq(b) || Number(optimistic(a)) - Number(optimistic(b)));
      const hasOlder = args?.before != null || !existing ? incoming.hasOlder : existing.hasOlder;
      return { ...incoming, nodes, hasOlder };
    },
  };
}

function valueObjects(names: string[]): TypePolicies {
  return Object.fromEntries(names.map((name) => [name, { keyFields: false as const }]));
}

/**
 * Cache identity and field merging, one entry per type that needs more than the default
 * (`__typename` + `id`). Every object type of the schema without an `id` needs an entry here
 * (keyFields, or keyFields: false for a value object): type-policies.test.ts fails otherwise.
 * Features add their types here, e.g. paginated feeds:
 *
 *   Query: { fields: { feed: { keyArgs: ["filter"], merge: (existing = [], incoming) => [...existing, ...incoming] } } }
 */
export const typePolicies: TypePolicies = {
  // A singleton: one health object regardless of id.
  Health: { keyFields: [] },
  // One per user, keyed by the player (the signed-in user).
  SnakeHighScore: { keyFields: ["userId"] },
  // One row per student in the public ranking.
  LeaderboardRow: { keyFields: ["userId"] },
  // The caller's reward queue head: one per session, so acknowledgeReward's answer replaces what `rewards` read.
  RewardStatus: { keyFields: [] },
  // The gateway's settings and the console's counts: one each, whatever asked for them.
  PaymentGatewayInfo: { keyFields: [] },
  ModerationStats: { keyFields: [] },
  // Value objects (keyFields: false): stored inside whatever field returned them, never merged across
  // fields. Each has no identity of its own: a page, a pair of values, or one mutation's answer.
  ...valueObjects([
    // Pages: their items carry the identities.
    "FeedPage", "SearchPage", "ImplementPostPage", "CoinHistoryPage", "ChatMessagePage",
    // A skill or a rating is its values; the same skill on two students is not one object.
    "Skill", "SkillRef", "ChatSkill", "CompletedSkill", "Rating",
    // Answers of one mutation, read once by the caller.
    "AuthPayload", "CoinOrderView", "FinishChatResult", "PaymentResult", "PaymentVerification", "SandboxPayment",
    // Views computed for the arguments of the field that returned them (userId, a report's chat).
    "SwapAvailability", "SwapForm", "ModerationEscrow", "ModerationMessage",
  ]),
  // Chat: pages of messages (scrolling up), live ones and sent ones merge into one list.
  Chat: { fields: { messages: seqPage() } },
  Query: {
    fields: {
      // Implements: others' problems and Your Problems, both infinite lists.
      implementPosts: cursorPage(),
      myImplementPosts: cursorPage(),
      // Skill coins: the caller's history, "Show more" appends.
      coinHistory: cursorPage(),
      // Profiles: the dashboard feed, pages appended as it scrolls.
      feed: cursorPage(),
      // Search: one list per query and filter; "Show more" appends the next page.
      searchUsers: cursorPage(["query", "filter"]),
    },
  },
};
