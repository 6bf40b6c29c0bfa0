import type { Client } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import WebSocket from "ws";
import { validateProfile } from "../../src/modules/profiles/profile.rules.js";
import { chatPair } from "../chat.js";
import { eventually } from "../eventually.js";
import { startTestApp, subscribe, type TestApp } from "../harness.js";

const SUB = `subscription { notificationAdded { message } }`;

type WsErrors = Array<{ message: string; extensions?: { code?: string } }>;

/** Subscribes and resolves with what the server answered: an `error` message's errors, or a failure if it ran or completed. */
function refusal(client: Client, query: string, variables?: Record<string, unknown>) {
  return new Promise<WsErrors>((resolve, reject) => {
    client.subscribe(
      { query, variables },
      {
        next: () => reject(new Error("the operation ran")),
        error: (e) => (Array.isArray(e) ? resolve(e as WsErrors) : reject(e)),
        complete: () => reject(new Error("completed")),
      },
    );
  });
}

describe("the graphql-ws door", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp("sqlite");
  });
  afterAll(async () => {
    await t?.close();
  });

  async function student() {
    const s = await t.createUser({ gender: "Female" });
    const profile = validateProfile({
      gender: "Female",
      languages: ["English"],
      skillsKnown: [],
      skillsRequired: [{ category: "Other", skill: "Chess" }],
    });
    await t.app.services.deps.tx((em) => t.app.services.profiles.writeProfile(em, s.user.id, profile, null));
    return s;
  }

  it("answers a syntax or validation error with an error for that operation only; the socket and its other subscriptions go on", async () => {
    const me = await student();
    const other = await student();
    const client = t.wsClient(me.token);
    let connections = 0;
    const closes: number[] = [];
    client.on("connected", () => connections++);
    client.on("closed", (ev) => closes.push((ev as { code: number }).code));
    const live = subscribe(client, SUB);
    await eventually(() => t.app.pubsub.listenerCount("NOTIFICATION_ADDED") >= 1, "a live subscription");

    const syntax = await refusal(client, "subscription {");
    expect(syntax).toMatchObject([{ message: expect.stringMatching(/^Syntax Error/), extensions: { code: "GRAPHQL_PARSE_FAILED" } }]);
    const tooLong = await refusal(client, `{ ${"__typename ".repeat(5000)}}`);
    expect(tooLong[0].extensions?.code).toBe("GRAPHQL_PARSE_FAILED");
    expect(tooLong[0].message).toMatch(/more that 2000 tokens/);
    const invalid = await refusal(client, "subscription { noSuchTopic }");
    expect(invalid[0].extensions?.code).toBe("GRAPHQL_VALIDATION_FAILED");

    await t.app.services.deps.tx((em) =>
      t.app.services.notifications.notify(
        {
          recipientId: me.user.id,
          notifierId: other.user.id,
          type: "swap-accept",
          message: "still delivered",
        },
        em,
      ),
    );
    expect((await live.next()).data.notificationAdded.message).toBe("still delivered");
    // A query on the same socket still runs, and it was the one socket all along.
    const health = await new Promise<unknown>((resolve, reject) =>
      client.subscribe({ query: "{ health { database } }" }, { next: resolve, error: reject, complete: () => {} }),
    );
    expect(health).toEqual({ data: { health: { database: "UP" } } });
    expect(connections).toBe(1);
    expect(closes).toEqual([]);
  });

  it("answers a subscription's missing or mistyped variable with an error for that id (BAD_USER_INPUT), an unknown chat with NOT_FOUND, on an open socket, logging nothing", async () => {
    const { a } = await chatPair(t);
    const client = t.wsClient(a.token);
    const closes: number[] = [];
    client.on("closed", (ev) => closes.push((ev as { code: number }).code));
    const logged = vi.spyOn(t.app.services.deps.logger, "error");
    for (const field of ["messageAdded", "chatUpdated", "lessonChanged"]) {
      const query = `subscription($c: ID!) { ${field}(chatWith: $c) { id } }`;
      const missing = await refusal(client, query, {});
      expect(missing, `${field} without $c`).toMatchObject([
        { message: expect.stringMatching(/\$c/), extensions: { code: "BAD_USER_INPUT" } },
      ]);
      const mistyped = await refusal(client, query, { c: { id: "x" } });
      expect(mistyped, `${field} with an object for $c`).toMatchObject([
        { message: expect.stringMatching(/\$c/), extensions: { code: "BAD_USER_INPUT" } },
      ]);
      const unknown = await new Promise<unknown>((resolve, reject) =>
        client.subscribe({ query, variables: { c: "no-such-student" } }, { next: resolve, error: reject, complete: () => {} }),
      );
      expect(unknown, `${field} with nobody's id`).toMatchObject({
        errors: [{ message: "Chat not found", extensions: { code: "NOT_FOUND" } }],
      });
    }
    const health = await new Promise<unknown>((resolve, reject) =>
      client.subscribe({ query: "{ health { database } }" }, { next: resolve, error: reject, complete: () => {} }),
    );
    expect(health).toEqual({ data: { health: { database: "UP" } } });
    expect(closes).toEqual([]);
    expect(logged).not.toHaveBeenCalled();
    logged.mockRestore();
  });

  it("refuses a subscriptions-transport-ws client (subprotocol graphql-ws) with a close reason naming graphql-transport-ws", async () => {
    const socket = new WebSocket(`${t.url.replace("http", "ws")}/graphql`, "graphql-ws");
    const opened = new Promise<string>((resolve) => socket.once("open", () => resolve(socket.protocol)));
    const closed = await new Promise<{ code: number; reason: string }>((resolve, reject) => {
      socket.once("error", reject);
      socket.once("close", (code, reason) => resolve({ code, reason: reason.toString() }));
    });
    expect(await opened).toBe("graphql-ws");
    expect(closed.code).toBe(4406);
    expect(closed.reason).toMatch(/graphql-transport-ws/);
  });

  it("still speaks graphql-transport-ws to a client that offers both subprotocols", async () => {
    const socket = new WebSocket(`${t.url.replace("http", "ws")}/graphql`, ["graphql-ws", "graphql-transport-ws"]);
    const ack = await new Promise<string>((resolve, reject) => {
      socket.once("error", reject);
      socket.once("open", () => socket.send(JSON.stringify({ type: "connection_init", payload: {} })));
      socket.once("message", (data) => resolve(String(data)));
    });
    expect(socket.protocol).toBe("graphql-transport-ws");
    expect(JSON.parse(ack)).toEqual({ type: "connection_ack" });
    socket.close();
  });

  it("closes a socket whose message is larger than the HTTP door's body limit (1009)", async () => {
    const socket = await acknowledged(t);
    const closed = closeOf(socket);
    socket.send(JSON.stringify({ id: "1", type: "subscribe", payload: { query: `{ health { database } }${" ".repeat(1024 * 1024)}` } }));
    expect((await closed).code).toBe(1009);
  });
});

/** A raw graphql-transport-ws socket, acknowledged. */
async function acknowledged(t: TestApp): Promise<WebSocket> {
  const socket = new WebSocket(`${t.url.replace("http", "ws")}/graphql`, "graphql-transport-ws");
  await new Promise<void>((resolve, reject) => {
    socket.once("error", reject);
    socket.once("open", () => socket.send(JSON.stringify({ type: "connection_init", payload: {} })));
    socket.once("message", (data) => (JSON.parse(String(data)).type === "connection_ack" ? resolve() : reject(new Error(String(data)))));
  });
  return socket;
}

const closeOf = (socket: WebSocket) =>
  new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once("close", (code, reason) => resolve({ code, reason: String(reason) })),
  );

describe("a stopping server's sockets", () => {
  it("close with 1012 (Service Restart), so that clients reconnect", async () => {
    const t = await startTestApp("sqlite");
    let stopped = false;
    try {
      const { token } = await t.createUser();
      const sockets = [await acknowledged(t), await acknowledged(t)];
      // And a signed-in student's socket with a live subscription, through graphql-ws's client.
      const signedIn = t.wsClient(token);
      let signedInClose: number | undefined;
      signedIn.on("closed", (ev) => (signedInClose = (ev as { code: number }).code));
      subscribe(signedIn, SUB);
      await eventually(() => t.app.pubsub.listenerCount("NOTIFICATION_ADDED") >= 1, "a live subscription");
      const closes = sockets.map(closeOf);
      await t.close();
      stopped = true;
      expect(await Promise.all(closes)).toEqual([
        { code: 1012, reason: "Service Restart" },
        { code: 1012, reason: "Service Restart" },
      ]);
      await eventually(() => signedInClose === 1012, "the signed-in socket closed with 1012");
    } finally {
      if (!stopped) await t.close();
    }
  });
});
