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
