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

/**
 * Cache identity and field merging, one entry per type that needs more than the default
 * (`__typename` + `id`). Features add their types here, e.g. paginated feeds:
 *
 *   Query: { fields: { feed: { keyArgs: ["filter"], merge: (existing = [], incoming) => [...existing, ...incoming] } } }
 */
export const typePolicies: TypePolicies = {
  // A singleton: one health object regardless of id.
  Health: { keyFields: [] },
  // One per user, keyed by the player (the signed-in user).
  SnakeHighScore: { keyFields: ["userId"] },
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
