import { gql } from "@apollo/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/** Just enough of a browser WebSocket for graphql-ws: records what the client sends. */
class FakeSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  static instances: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  protocol = "graphql-transport-ws";
  sent: Array<{ type: string; payload?: Record<string, unknown> }> = [];
  onopen: (() => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  constructor(
    readonly url: string,
    readonly subprotocol: string,
  ) {
    FakeSocket.instances.push(this);
    setTimeout(() => {
      this.readyState = FakeSocket.OPEN;
      this.onopen?.();
    }, 0);
  }
  send(data: string) {
    const message = JSON.parse(data);
    this.sent.push(message);
    if (message.type === "connection_init") setTimeout(() => this.onmessage?.({ data: JSON.stringify({ type: "connection_ack" }) }), 0);
  }
  close(code = 1000, reason = "") {
    if (this.readyState === FakeSocket.CLOSED) return;
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.({ code, reason });
  }
}

describe("apollo client auth", () => {
  beforeEach(() => {
    vi.resetModules();
    FakeSocket.instances = [];
    vi.stubGlobal("WebSocket", FakeSocket);
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("sends the jwt as a Bearer Authorization header over HTTP", async () => {
    const fetchMock = vi.fn(
      async (_url: RequestInfo | URL, _init?: RequestInit) =>
        new Response(JSON.stringify({ data: { health: { __typename: "Health", status: "OK" } } }), {
          headers: { "content-type": "application/json" },
        }),
    );
    vi.stubGlobal("fetch", fetchMock);
    window.localStorage.setItem("jwt", "token-1");
    const { apolloClient } = await import("./apollo-client");

    await apolloClient.query({
      query: gql`
        {
          health {
            status
          }
        }
      `,
      fetchPolicy: "network-only",
    });

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe("/graphql");
    expect(new Headers(init!.headers).get("authorization")).toBe("Bearer token-1");
  });

  it("sends no Authorization header when signed out", async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ data: { health: { __typename: "Health", status: "OK" } } }), {
          headers: { "content-type": "application/json" },
        }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const { apolloClient } = await import("./apollo-client");
    await apolloClient.query({
      query: gql`
        {
          health {
            status
          }
        }
      `,
      fetchPolicy: "network-only",
    });
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(new Headers(init.headers).has("authorization")).toBe(false);
  });

  it("authenticates subscriptions in connectionParams and reconnects with the new token", async () => {
    vi.useFakeTimers();
    window.localStorage.setItem("jwt", "token-1");
    const { apolloClient, loadRealtime } = await import("./apollo-client");
    const { setToken } = await import("./auth");

    const sub = apolloClient
      .subscribe({
        query: gql`
          subscription {
            notificationAdded {
              id
            }
          }
        `,
      })
      .subscribe({});
    // The first subscription downloads the socket's chunk (./realtime.ts); a module load here.
    await loadRealtime();
    await vi.advanceTimersByTimeAsync(10);
    expect(FakeSocket.instances).toHaveLength(1);
    const first = FakeSocket.instances[0]!;
    expect(first.url).toBe(`ws://${window.location.host}/graphql`);
    expect(first.sent[0]).toEqual({ type: "connection_init", payload: { authorization: "Bearer token-1" } });
    expect(first.sent[1]?.type).toBe("subscribe");

    setToken("token-2");
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSocket.instances).toHaveLength(2);
    const second = FakeSocket.instances[1]!;
    expect(second.sent[0]).toEqual({ type: "connection_init", payload: { authorization: "Bearer token-2" } });
    expect(second.sent[1]?.type).toBe("subscribe");
    sub.unsubscribe();
  });
});

describe("public reads as automatic persisted queries", () => {
  const board = {
    leaderboard: {
      __typename: "LeaderboardRowConnection",
      view: { __typename: "LeaderboardView", category: null, period: "ALL_TIME", from: null, to: null },
      around: null,
      edges: [],
    },
  };
  const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
  const notFound = { errors: [{ message: "PersistedQueryNotFound", extensions: { code: "PERSISTED_QUERY_NOT_FOUND" } }] };
  type Call = [RequestInfo | URL, RequestInit?];

  beforeEach(() => {
    vi.resetModules();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("hashes with SHA-256 in hex", async () => {
    const { sha256Hex } = await import("./apollo-client");
    expect(await sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("sends the leaderboard as its hash by GET, its text once by POST when the server does not know it, and revalidates", async () => {
    const answers = [json(notFound), json({ data: board }), json({ data: board })];
    const fetchMock = vi.fn(async (..._call: Call) => answers.shift()!);
    vi.stubGlobal("fetch", fetchMock);
    const { apolloClient, sha256Hex } = await import("./apollo-client");
    const { LeaderboardViewDocument } = await import("../gql/graphql");
    const read = (first: number) =>
      apolloClient.query({ query: LeaderboardViewDocument, variables: { first, view: null, around: null }, fetchPolicy: "network-only" });

    expect((await read(100)).data).toEqual(board);
    const [first, retry] = fetchMock.mock.calls as Call[];
    // The hash only, by GET, in the address; the browser revalidates what it holds.
    const url = new URL(String(first![0]), window.location.href);
    expect(first![1]?.method).toBe("GET");
    expect(first![1]?.cache).toBe("no-cache");
    expect(url.pathname).toBe("/graphql");
    expect(url.searchParams.has("query")).toBe(false);
    expect(url.searchParams.get("operationName")).toBe("LeaderboardView");
    expect(JSON.parse(url.searchParams.get("variables")!)).toEqual({ first: 100, view: null, around: null });
    const hash = JSON.parse(url.searchParams.get("extensions")!).persistedQuery as { version: number; sha256Hash: string };
    expect(hash.version).toBe(1);
    // PERSISTED_QUERY_NOT_FOUND: the text with the same hash, by POST.
    expect(retry![1]?.method).toBe("POST");
    const sent = JSON.parse(String(retry![1]?.body)) as { query: string; extensions: { persistedQuery: typeof hash } };
    expect(sent.extensions.persistedQuery).toEqual(hash);
    expect(hash.sha256Hash).toBe(await sha256Hex(sent.query));

    // Registered: the next read is the hash alone again.
    await read(10);
    const again = fetchMock.mock.calls[2] as Call;
    expect(again[1]?.method).toBe("GET");
    const againUrl = new URL(String(again[0]), window.location.href);
    expect(againUrl.searchParams.has("query")).toBe(false);
    expect(JSON.parse(againUrl.searchParams.get("extensions")!).persistedQuery.sha256Hash).toBe(hash.sha256Hash);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("sends every other operation as before: its text by POST", async () => {
    const fetchMock = vi.fn(async (..._call: Call) => json({ data: { health: { __typename: "Health", status: "OK" } } }));
    vi.stubGlobal("fetch", fetchMock);
    const { apolloClient } = await import("./apollo-client");
    await apolloClient.query({
      query: gql`
        query Health {
          health {
            status
          }
        }
      `,
      fetchPolicy: "network-only",
    });
    const [url, init] = fetchMock.mock.calls[0] as Call;
    expect(String(url)).toBe("/graphql");
    expect(init?.method).toBe("POST");
    const body = JSON.parse(String(init?.body)) as { query: string; extensions?: Record<string, unknown> };
    expect(body.query).toContain("health");
    expect(body.extensions?.persistedQuery).toBeUndefined();
  });

  it("sends the leaderboard's text by POST where the page has no Web Crypto", async () => {
    vi.stubGlobal("crypto", {});
    const fetchMock = vi.fn(async (..._call: Call) => json({ data: board }));
    vi.stubGlobal("fetch", fetchMock);
    const { apolloClient } = await import("./apollo-client");
    const { LeaderboardViewDocument } = await import("../gql/graphql");
    await apolloClient.query({ query: LeaderboardViewDocument, variables: { first: 100, view: null, around: null } });
    const [, init] = fetchMock.mock.calls[0] as Call;
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body)).query).toContain("leaderboard");
  });
});
