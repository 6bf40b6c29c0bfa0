import type { FieldPolicy, Reference, TypePolicies } from "@apollo/client";
import type { FieldFunctionOptions } from "@apollo/client/cache";

/** A Relay connection as the cache holds it: edges are inline objects around node references. */
interface Edge {
  __typename?: string;
  cursor?: string;
  node: Reference;
}

interface PageInfo {
  hasNextPage?: boolean;
  hasPreviousPage?: boolean;
  startCursor?: string | null;
  endCursor?: string | null;
}

interface Connection {
  __typename?: string;
  edges: Edge[];
  pageInfo?: PageInfo;
}

type ReadField = FieldFunctionOptions["readField"];

const nodeId = (readField: ReadField, edge: Edge) => readField<string>("id", edge.node) ?? "";

/** The edges of both lists, each node once (a later copy replaces an earlier one in its place). */
function union(readField: ReadField, ...lists: Edge[][]): Edge[] {
  const byId = new Map<string, Edge>();
  for (const edge of lists.flat()) byId.set(nodeId(readField, edge), edge);
  return [...byId.values()];
}

/** pageInfo fields the incoming page has (a query may select only some of them) over the kept ones. */
function pageInfoOf(kept: PageInfo | undefined, incoming: PageInfo | undefined, take: (keyof PageInfo)[]): PageInfo {
  const out: PageInfo = { ...kept };
  for (const key of take) {
    if (incoming && incoming[key] !== undefined) (out as Record<string, unknown>)[key] = incoming[key];
  }
  return out;
}

/**
 * A list paged forwards with `first`/`after` (the feed, search, posts, history, chats,
 * notifications): a page without `after` (the first page, a refetch, a live item written in)
 * replaces what is cached; a page with `after` is appended, skipping nodes already there. Its
 * `hasNextPage`/`endCursor` then say where the next page starts.
 */
export function forwardConnection(keyArgs: FieldPolicy["keyArgs"] = false): FieldPolicy<Connection> {
  return {
    keyArgs,
    merge(existing, incoming, { args, readField }) {
      if (!existing || !args?.after) return incoming;
      return {
        ...incoming,
        edges: union(readField, existing.edges, incoming.edges),
        pageInfo: pageInfoOf(existing.pageInfo, incoming.pageInfo, ["hasNextPage", "endCursor"]),
      };
    },
  };
}

/**
 * A chat's messages, read backwards with `last`/`before` and ordered by `seq`: every page (the
 * newest, older ones fetched with `before`, live and sent messages written in) joins one list
 * without duplicates. `hasPreviousPage`/`startCursor` come from the oldest page fetched.
 */
export function messagesConnection(): FieldPolicy<Connection> {
  return {
    keyArgs: false,
    merge(existing, incoming, { args, readField }) {
      const seq = (edge: Edge) => readField<number>("seq", edge.node) ?? 0;
      const optimistic = (edge: Edge) => nodeId(readField, edge).startsWith("optimistic-");
      const edges = union(readField, existing?.edges ?? [], incoming.edges).sort(
        (a, b) => seq(a) - seq(b) || Number(optimistic(a)) - Number(optimistic(b)),
      );
      const olderPage = !existing || args?.before != null;
      return {
        ...incoming,
        edges,
        pageInfo: olderPage
          ? { ...existing?.pageInfo, ...incoming.pageInfo }
          : pageInfoOf(existing.pageInfo, incoming.pageInfo, ["hasNextPage", "endCursor"]),
      };
    },
  };
}

function valueObjects(names: string[]): TypePolicies {
  return Object.fromEntries(names.map((name) => [name, { keyFields: false as const }]));
}

/**
 * Cache identity and field merging, one entry per type that needs more than the default
 * (`__typename` + `id`). Every paged list is a connection (`edges { node }`, `pageInfo`) and
 * gets one of the two policies above. Every object type of the schema without an `id` needs an
 * entry here (keyFields, or keyFields: false for a value object): type-policies.test.ts fails otherwise.
 */
export const typePolicies: TypePolicies = {
  // A singleton: one health object regardless of id.
  Health: { keyFields: [] },
  // One per user, keyed by the player (the signed-in user).
  SnakeHighScore: { keyFields: ["userId"] },
  // The caller's reward queue head: one per session, so acknowledgeReward's answer replaces what `rewards` read.
  RewardStatus: { keyFields: [] },
  // The gateway's settings and the console's counts: one each, whatever asked for them.
  PaymentGatewayInfo: { keyFields: [] },
  ModerationStats: { keyFields: [] },
  // The caller's own presence choice: one per session.
  PresenceSettings: { keyFields: [] },
  // Value objects (keyFields: false): stored inside whatever field returned them, never merged across
  // fields. Each has no identity of its own: a page, a pair of values, or one mutation's answer.
  ...valueObjects([
    // Connections, their edges and page infos: the nodes carry the identities.
    ...[
      "ChatListItem",
      "ChatMessage",
      "CoinHistoryEntry",
      "ImplementApplication",
      "ImplementPost",
      "LeaderboardRow",
      "Lesson",
      "ModerationMessage",
      "ModerationPost",
      "ModerationReport",
      "Notification",
      "OperatorActionEntry",
      "PushDevice",
      "User",
      "Review",
      "ModerationReviewReport",
    ].flatMap((node) => [`${node}Connection`, `${node}Edge`]),
    "PageInfo",
    // A skill or a rating is its values; the same skill on two students is not one object.
    "Skill",
    "SkillRef",
    "ChatSkill",
    "CompletedSkill",
    "Rating",
    // A student's suspension as the server reads it now (until, permanent, active): part of its student.
    "ModerationSuspension",
    // Answers of one mutation, read once by the caller.
    "AuthPayload",
    "CoinOrderView",
    "FinishChatResult",
    "PaymentResult",
    "PaymentVerification",
    "SandboxPayment",
    // A new API key and its one-time secret (the key inside is normalized by its id).
    "CreatedApiKey",
    // Views computed for the arguments of the field that returned them (userId, a report's chat).
    "SwapAvailability",
    "SwapForm",
    "ModerationEscrow",
    "ModerationMessage",
    // A student's response figures, read with their profile (User.responseStats).
    "ResponseStats",
    // Live events: what they carry is merged by identity (ChatListItem, ChatUser); the event itself is read once.
    "ChatListChange",
    "ChatTyping",
    // The viewer's review state of one chat (Chat.review): part of that chat.
    "ChatReview",
    // A saved search's filters: part of that search.
    "DirectoryFiltersValue",
    // A leaderboard row is a student's place in one view (another view ranks them differently): part of its page,
    // like the page's view and its answer about `around`; the live change events are read once.
    "LeaderboardRow",
    "LeaderboardView",
    "LeaderboardAround",
    "LeaderboardChange",
    "LeaderboardRowMove",
    "LeaderboardExit",
  ]),
  // Chat: pages of messages (scrolling up), live ones and sent ones merge into one list.
  Chat: { fields: { messages: messagesConnection() } },
  Query: {
    fields: {
      // Implements: others' problems and Your Problems, both infinite lists.
      implementPosts: forwardConnection(),
      myImplementPosts: forwardConnection(),
      // Skill coins: the caller's history, "Show more" appends.
      coinHistory: forwardConnection(),
      // Profiles: the dashboard feed, pages appended as it scrolls.
      feed: forwardConnection(["filters"]),
      // Search: one list per query and filter; "Show more" appends the next page.
      searchUsers: forwardConnection(["query", "filter", "filters"]),
      // Chats and notifications: "Show more" appends; live notifications are written in at the top.
      chats: forwardConnection(),
      notifications: forwardConnection(),
      // Written reviews: a profile's list per student, the caller's own; "Show more" appends.
      reviewsOf: forwardConnection(["userId"]),
      reviewsAboutMe: forwardConnection(),
      myPendingReviews: forwardConnection(),
      // The caller's API keys: always the whole list (creating and revoking write it whole), never merged.
      apiKeys: { merge: false },
    },
  },
};
