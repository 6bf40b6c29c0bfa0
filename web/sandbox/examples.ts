/**
 * The sandbox's first tabs: one operation per main flow, with the variables it needs. GraphiQL
 * opens them on a first visit (later visits restore the tabs the visitor left). Validated against
 * schema.graphql by graph/src/server/schema-contract.test.ts, so a schema change that breaks one fails there.
 */
export interface SandboxExample {
  query: string;
  variables?: Record<string, unknown>;
}

export const SANDBOX_EXAMPLES: SandboxExample[] = [
  {
    query: `# 1. Sign in. Copy the token into the Headers tab as
#    { "Authorization": "Bearer <token>" } for the other tabs.
#    UNAUTHENTICATED 'Wrong email or password' for any bad pair; RATE_LIMITED after too many tries.
mutation SignIn($input: LoginInput!) {
  login(input: $input) {
    token
    userId
  }
}
`,
    variables: { input: { email: "22z201@psgtech.ac.in", password: "your password" } },
  },
  {
    query: `# 2. The dashboard feed: best matches first. Every list is a Relay connection: pass
#    pageInfo.endCursor as $after for the next page while pageInfo.hasNextPage (first: 1 to 100).
#    DETAILS_NOT_FILLED until your profile is filled (/p).
query Feed($first: Int!, $after: String) {
  feed(first: $first, after: $after) {
    edges {
      node {
        id
        name
        image
        skillsKnown { skill category }
        skillsRequired { skill category }
      }
    }
    pageInfo { hasNextPage endCursor }
  }
}
`,
    variables: { first: 10, after: null },
  },
  {
    query: `# 3. Search students: the query is a prefix of a word of the name (NAME),
#    a known skill (SKILLS_KNOWN) or a language (LANGUAGES).
query Search($query: String!, $filter: SearchFilter!) {
  searchUsers(query: $query, filter: $filter, first: 20) {
    edges { node { id name skillsKnown { skill } } }
    pageInfo { hasNextPage endCursor }
  }
}
`,
    variables: { query: "pyth", filter: "SKILLS_KNOWN" },
  },
  {
    query: `# 4. Send a swap request: read what can be offered (swapForm), then ask.
#    CONFLICT when a request or a chat already exists between you; the receiver gets SWAP_REQUEST.
query SwapOptions($userId: ID!) {
  swapAvailability(userId: $userId) { canRequest reason hasChat }
  swapForm(userId: $userId) {
    preachSkills { skill category }
    learnSkills { skill category }
  }
}

mutation RequestSwap($input: RequestSwapInput!) {
  requestSwap(input: $input) {
    id
    kind
    status
    receiver { id name }
  }
}
`,
    variables: {
      userId: "<their user id>",
      input: {
        receiverId: "<their user id>",
        preachSkill: { skill: "React", category: "Programming & Technology" },
        learnSkill: { skill: "Guitar", category: "Music & Performing Arts" },
      },
    },
  },
  {
    query: `# 5. A chat: the newest messages (scroll up with before: pageInfo.startCursor), sending one,
#    and the live subscription (run it in its own tab: it stays open over WebSocket).
#    A chat is named by your partner's user id (chatWith).
query Chat($chatWith: ID!) {
  chat(chatWith: $chatWith) {
    id
    status
    partner { id name }
    messages(last: 30) {
      edges { node { id seq fromUserId body createdAt } }
      pageInfo { hasPreviousPage startCursor }
    }
  }
}

mutation Send($chatWith: ID!) {
  sendMessage(chatWith: $chatWith, body: "Hello! Does Monday 6 pm work?") { id seq createdAt }
}

subscription Live($chatWith: ID!) {
  messageAdded(chatWith: $chatWith) { id seq fromUserId body createdAt }
}
`,
    variables: { chatWith: "<your partner's user id>" },
  },
  {
    query: `# 6. The public leaderboard (no token needed): rating, then rating count, then coins,
#    all descending; ties share a rank and are listed by userId. Cached by the server
#    (REST GET /api/leaderboard answers with ETag and Last-Modified).
query Leaderboard {
  leaderboard(first: 10) {
    edges { node { rank userId name rating ratingCount skillCoins } }
  }
}
`,
  },
];
