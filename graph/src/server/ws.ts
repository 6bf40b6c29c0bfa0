import {
  type DocumentNode,
  getOperationAST,
  getVariableValues,
  GraphQLError,
  type GraphQLSchema,
  parse,
  type Source,
  specifiedRules,
  validate,
} from "graphql";
import {
  CloseCode,
  DEPRECATED_GRAPHQL_WS_PROTOCOL as LEGACY_PROTOCOL,
  GRAPHQL_TRANSPORT_WS_PROTOCOL,
  handleProtocols,
  makeServer,
} from "graphql-ws";
import type { Server } from "node:http";
import { type WebSocket, WebSocketServer } from "ws";
import type { DoorServices as Services } from "./door-services.js";
import { bearerToken } from "../shared/tokens.js";
import { clientError, MAX_QUERY_TOKENS, queryLimitRules } from "./apollo.js";
import { closeOnKeyRevocation, isApiKeyRejection, socketOperationRefusal } from "./api-key-door.js";
import { type Context, contextFromToken, withChanges } from "./context.js";
import { GRAPHQL_BODY_LIMIT } from "./fastify-graphql.js";
import { createLoaders } from "../modules/index.js";

function tokenFrom(params: Record<string, unknown> | undefined): string | null {
  if (!params) return null;
  const raw = params.authorization ?? params.Authorization ?? params.token ?? params.jwt;
  return typeof raw === "string" ? bearerToken(raw) : null;
}

/** How many distinct operation texts the socket door keeps parsed and validated. */
const DOCUMENT_CACHE_SIZE = 500;

/**
 * Thousands of sockets send the same few subscription texts: each is parsed and validated once
 * and the socket's subscription holds the shared document (as Apollo's cache does over HTTP),
 * instead of every socket parsing, validating and keeping its own syntax tree. Syntax errors are
 * not kept (parse throws each time); a document's validation result is kept with it.
 */
function documentCache(schema: GraphQLSchema, rules: typeof specifiedRules) {
  const parsed = new Map<string, DocumentNode>();
  const validated = new WeakMap<DocumentNode, readonly GraphQLError[]>();
  return {
    parse(source: string | Source): DocumentNode {
      if (typeof source !== "string") return parse(source, { maxTokens: MAX_QUERY_TOKENS });
      let document = parsed.get(source);
      if (!document) {
        document = parse(source, { maxTokens: MAX_QUERY_TOKENS });
        if (parsed.size >= DOCUMENT_CACHE_SIZE) parsed.delete(parsed.keys().next().value!);
        parsed.set(source, document);
      }
      return document;
    },
    validate(s: GraphQLSchema, document: DocumentNode): readonly GraphQLError[] {
      if (s !== schema) return validate(s, document, rules);
      let errors = validated.get(document);
      if (!errors) validated.set(document, (errors = validate(s, document, rules)));
      return errors;
    },
  };
}

/** Close reasons are at most 123 bytes. */
const LEGACY_REFUSAL = `Subprotocol ${LEGACY_PROTOCOL} (subscriptions-transport-ws) is not supported: use ${GRAPHQL_TRANSPORT_WS_PROTOCOL}`;

/** A syntax error (or a document over the token limit) as the answer to one operation, not a crash of the socket. */
function parseFailure(error: GraphQLError): GraphQLError {
  return new GraphQLError(error.message, {
    source: error.source,
    positions: error.positions,
    originalError: error,
    extensions: { ...error.extensions, code: "GRAPHQL_PARSE_FAILED" },
  });
}

/**
 * The operation's variables checked against their declarations before it runs. graphql-js finds a
 * missing or mistyped variable only inside `subscribe`/`execute`, whose result graphql-ws sends as
 * a `next` and our result shaping would take for a server fault; found here, it is the client's
 * mistake answered as an `error` for that id (BAD_USER_INPUT, as Apollo answers it over HTTP).
 * An operation that cannot be picked (an unknown or missing operationName) is left to graphql-js.
 */
function variableFailures(schema: GraphQLSchema, document: DocumentNode, operationName: string | null | undefined, inputs: unknown) {
  const operation = getOperationAST(document, operationName);
  if (!operation?.variableDefinitions?.length) return [];
  const values = inputs && typeof inputs === "object" ? (inputs as Record<string, unknown>) : {};
  const coerced = getVariableValues(schema, operation.variableDefinitions, values, { maxErrors: 50 });
  return (coerced.errors ?? []).map(
    (e) =>
      new GraphQLError(e.message, {
        nodes: e.nodes,
        source: e.source,
        positions: e.positions,
        originalError: e,
        extensions: { ...e.extensions, code: "BAD_USER_INPUT" },
      }),
  );
}

/** The close code of every realtime socket when the server stops (RFC 6455 1012, Service Restart): clients reconnect. */
export const SERVICE_RESTART = 1012;

/**
 * How often every socket is pinged; one that has not answered the previous ping by then is cut
 * off (its subscriptions end, its student's presence with them). graphql-ws's own `ws` adapter's period.
 */
const KEEP_ALIVE_MS = 12_000;

/** The heartbeat's slices: a tick every KEEP_ALIVE_MS / HEARTBEAT_SLICES handles one of them. */
const HEARTBEAT_SLICES = 12;

/** What the heartbeat uses of a socket (a `ws` WebSocket). */
interface Pingable {
  readonly readyState: number;
  readonly OPEN: number;
  ping(): void;
  terminate(): void;
}

/**
 * The heartbeat of `ws`'s documentation in slices: every socket is pinged once per period and cut
 * off at its next turn if it has not answered (a phone gone out of range), but each tick handles
 * one slice of the sockets, not all of them at once: at 5,000 sockets one burst of pings held every
 * delivery up for 40-560 ms every 12 s (`bench:realtime --profile` on a busy machine).
 */
export class Heartbeat<S extends Pingable> {
  private readonly slices: Array<Set<S>>;
  private readonly sliceOf = new WeakMap<S, Set<S>>();
  private readonly awaitingPong = new WeakSet<S>();
  private turn = 0;

  constructor(slices: number) {
    this.slices = Array.from({ length: slices }, () => new Set<S>());
  }

  /** A new socket joins the smallest slice. */
  add(socket: S): void {
    const slice = this.slices.reduce((a, b) => (b.size < a.size ? b : a));
    slice.add(socket);
    this.sliceOf.set(socket, slice);
  }

  remove(socket: S): void {
    this.sliceOf.get(socket)?.delete(socket);
    this.sliceOf.delete(socket);
    this.awaitingPong.delete(socket);
  }

  pong(socket: S): void {
    this.awaitingPong.delete(socket);
  }

  /** The next slice's turn: who has not answered the previous ping is cut off, the rest pinged. */
  tick(): void {
    const slice = this.slices[this.turn];
    this.turn = (this.turn + 1) % this.slices.length;
    for (const socket of slice) {
      if (this.awaitingPong.has(socket)) {
        socket.terminate();
      } else if (socket.readyState === socket.OPEN) {
        this.awaitingPong.add(socket);
        socket.ping();
      }
    }
  }
}

/** What graphql-ws keeps for each socket (its `ctx.extra`): the socket, its address and its caller once connected. */
interface SocketExtra {
  socket: WebSocket;
  ip: string;
  ctx?: Context;
}

/**
 * graphql-transport-ws when offered; else the legacy subprotocol when offered, so that its client
 * gets a handshake it accepts and then a close (4406) naming the subprotocol to use, instead of a
 * handshake without a subprotocol, which it aborts with no hint.
 */
/**
 * The context of one operation on an open socket: the caller as the token says now (a verification
 * since the socket opened counts). A token or key revoked since then gives `refusal`, the reason the
 * socket closes with, and the operation runs with neither: the close takes effect only after this
 * operation has started, and it must not act as the caller.
 */
export async function socketOperationContext(
  services: Services,
  base: Context,
  token: string | null,
): Promise<{ context: Context; refusal: string | null }> {
  const user = base.user ? await services.auth.authenticate(token) : null;
  const key = base.apiKey && token ? await services.apiKeys.authenticate(token) : null;
  const keyRevoked = base.apiKey !== null && !key?.caller;
  const refusal = base.user && !user ? "Forbidden" : keyRevoked ? (key?.refusal ?? "Forbidden") : null;
  return {
    context: withChanges(base, { loaders: createLoaders(services), user, ...(keyRevoked ? { apiKey: null } : {}) }),
    refusal,
  };
}

function chooseProtocol(protocols: Set<string>): string | false {
  return handleProtocols(protocols) || (protocols.has(LEGACY_PROTOCOL) ? LEGACY_PROTOCOL : false);
}

/**
 * graphql-ws on the same port and path as HTTP GraphQL. A connection that sends a
 * token must send a valid one: a bad token closes the socket with 4403. Without a
 * token the socket opens, and only public subscriptions work on it.
 *
 * graphql-ws's protocol server (`makeServer`) on a `ws` server of our own options: its socket
 * adapter (`useServer`) would replace `handleProtocols` and keep each socket's upgrade request
 * (and all its header strings) for the socket's whole life, though nothing here reads it again.
 */
export function attachWebSockets(httpServer: Server, schema: GraphQLSchema, services: Services) {
  const wss = new WebSocketServer({
    server: httpServer,
    path: "/graphql",
    handleProtocols: chooseProtocol,
    // A message is at most what the HTTP door accepts as a body; past it the socket closes (1009).
    maxPayload: GRAPHQL_BODY_LIMIT,
  });
  const logger = services.deps.logger;
  const metrics = services.deps.metrics;
  /** Per socket, the ids of its subscriptions that are running (for the active-subscriptions gauge). */
  const running = new WeakMap<object, Set<string>>();
  let activeSubscriptions = 0;
  /** The operation's name for the metrics: as sent, else the document's (clients need not send operationName). */
  const nameOf = (document: DocumentNode | undefined, operationName: string | null | undefined) =>
    operationName ?? (document && getOperationAST(document, operationName)?.name?.value);
  const nameOfPayload = (payload: { query: string; operationName?: string | null }) => {
    if (payload.operationName) return payload.operationName;
    try {
      return nameOf(documents.parse(payload.query), null);
    } catch {
      return undefined; // a syntax error: the operation has no name
    }
  };
  // Every operation sent over the socket (queries and mutations too) meets the HTTP door's limits.
  const rules = [...specifiedRules, ...queryLimitRules()];
  const documents = documentCache(schema, rules);
  const withCode = (errors: readonly GraphQLError[]) =>
    errors.map((e) => {
      const json = e.toJSON();
      return { ...json, extensions: { ...json.extensions, code: json.extensions?.code ?? "GRAPHQL_VALIDATION_FAILED" } };
    });
  /**
   * Logout, a password change or a reset revokes the student's tokens: every socket of theirs, on
   * every instance, closes with 4403 when the revocation arrives (a per-student topic, so the
   * event costs nothing to anyone else's sockets), and sends nothing after it. The same listener is
   * the student's presence (chat-presence.service.ts): online while any socket of theirs listens.
   */
  function closeOnRevocation(socket: WebSocket, userId: string) {
    // Before this socket listens: the student's first socket here may tell their partners they came online.
    services.chat.presence.socketOpened(userId);
    const stop = services.deps.pubsub.listen("SESSION_REVOKED", userId, () => {
      stop();
      socket.close(CloseCode.Forbidden, "Forbidden");
    });
    socket.once("close", () => {
      stop();
      services.chat.presence.socketClosed(userId);
    });
  }
  const protocolServer = makeServer<Record<string, unknown>, SocketExtra>({
    schema,
    // Parsing here, not through graphql-ws's `parse` option: a throw there closes the whole
    // socket (4500); errors returned from onSubscribe answer that one operation's id only.
    onSubscribe: (socketCtx, _id, payload) => {
      let document: DocumentNode;
      try {
        document = documents.parse(payload.query);
      } catch (e) {
        if (e instanceof GraphQLError) return [parseFailure(e)];
        throw e;
      }
      const errors = documents.validate(schema, document);
      if (errors.length) return [...errors];
      const badVariables = variableFailures(schema, document, payload.operationName, payload.variables);
      if (badVariables.length) return badVariables;
      const keyRefusal = socketOperationRefusal(socketCtx.extra.ctx, document, payload.operationName);
      if (keyRefusal.length) return keyRefusal;
      return { schema, document, operationName: payload.operationName, variableValues: payload.variables };
    },
    // Refusals (validation) keep their code; results' errors are shaped as over HTTP.
    onError: (_ctx, _id, payload, errors) => {
      const answered = withCode(errors);
      metrics?.graphqlErrors(
        "ws",
        nameOfPayload(payload),
        answered.map((e) => e.extensions.code),
      );
      return answered;
    },
    onNext: (_ctx, _id, _payload, args, result) => {
      if (!result.errors) return undefined;
      const errors = result.errors.map((e) => clientError(e.toJSON(), e, logger));
      metrics?.graphqlErrors(
        "ws",
        nameOf(args.document, args.operationName),
        errors.map((e) => e.extensions?.code),
      );
      return { ...result, errors };
    },
    // A started operation (a subscription counts as running until graphql-ws completes it: by the
    // client, by its end, or with its socket).
    onOperation: (ctx, id, _payload, args, result) => {
      if (!metrics) return;
      const type = getOperationAST(args.document, args.operationName)?.operation ?? "unknown";
      metrics.graphqlOperation("ws", nameOf(args.document, args.operationName), type);
      if (type === "subscription" && Symbol.asyncIterator in Object(result)) {
        let ids = running.get(ctx);
        if (!ids) running.set(ctx, (ids = new Set()));
        ids.add(id);
        activeSubscriptions++;
      }
    },
    onComplete: (ctx, id) => {
      if (running.get(ctx)?.delete(id)) activeSubscriptions--;
    },
    onConnect: async (socketCtx) => {
      const token = tokenFrom(socketCtx.connectionParams);
      let ctx: Context;
      try {
        ctx = await contextFromToken(services, token, socketCtx.extra.ip);
      } catch (e) {
        // A key that does not work: closed with 4403 and the reason, which the integrator reads.
        if (!isApiKeyRejection(e)) throw e;
        socketCtx.extra.socket.close(CloseCode.Forbidden, e.message);
        return false;
      }
      if (token && !ctx.user && !ctx.apiKey) return false; // graphql-ws closes with 4403 Forbidden
      socketCtx.extra.ctx = ctx;
      if (ctx.user) closeOnRevocation(socketCtx.extra.socket, ctx.user.id);
      // A key's socket serves public subscriptions only (private ones refuse it: requireUser).
      if (ctx.apiKey) closeOnKeyRevocation(socketCtx.extra.socket, ctx.apiKey, services.deps.pubsub);
      return true;
    },
    context: async (socketCtx) => {
      const { context, refusal } = await socketOperationContext(services, socketCtx.extra.ctx!, tokenFrom(socketCtx.connectionParams));
      if (refusal) socketCtx.extra.socket.close(CloseCode.Forbidden, refusal);
      return context;
    },
  });

  // One timer for every socket, each tick one slice of them (Heartbeat).
  const heartbeat = new Heartbeat<WebSocket>(HEARTBEAT_SLICES);
  const heartbeatTimer = setInterval(() => heartbeat.tick(), KEEP_ALIVE_MS / HEARTBEAT_SLICES);
  heartbeatTimer.unref();

  // The node server's errors reach `wss` too (ws re-emits them): logged, not thrown as an unhandled "error" event.
  wss.on("error", (err) => logger.error({ err }, "graphql-ws server error"));
  wss.on("connection", (socket, request) => {
    // A frame that breaks the protocol (or a message past maxPayload): ws closes the socket itself.
    socket.on("error", (err) => logger.debug({ err }, "graphql-ws socket error"));
    if (socket.protocol === LEGACY_PROTOCOL) {
      socket.close(CloseCode.SubprotocolNotAcceptable, LEGACY_REFUSAL);
      return;
    }
    socket.on("pong", () => heartbeat.pong(socket));
    heartbeat.add(socket);
    const closed = protocolServer.opened(
      {
        protocol: socket.protocol,
        send: (data) =>
          new Promise<void>((resolve, reject) => {
            if (socket.readyState !== socket.OPEN) return resolve();
            socket.send(data, (err) => (err ? reject(err) : resolve()));
          }),
        close: (code, reason) => socket.close(code, reason),
        onMessage: (handle) =>
          socket.on("message", (data) => {
            // graphql-ws answers a client's mistakes itself; what rejects here is a fault of ours.
            handle(String(data)).catch((err: unknown) => {
              logger.error({ err }, "graphql-ws message handling failed");
              socket.close(CloseCode.InternalServerError, "Internal server error");
            });
          }),
      },
      // Only the address is kept of the upgrade request.
      { socket, ip: request.socket.remoteAddress ?? "unknown" },
    );
    socket.once("close", (code, reason) => {
      heartbeat.remove(socket);
      closed(code, String(reason)).catch((err: unknown) => logger.error({ err }, "graphql-ws socket close handling failed"));
    });
  });

  return {
    wss,
    /** Subscriptions running on this instance's sockets. */
    activeSubscriptions: () => activeSubscriptions,
    async dispose() {
      // A stopping server closes every socket with 1012 (Service Restart): the web client's
      // graphql-ws retries it (web/src/lib/realtime.ts), reaching another instance or this one restarted.
      const closed = [...wss.clients].map(
        (client) =>
          new Promise<void>((resolve) => {
            client.once("close", () => resolve());
            client.close(SERVICE_RESTART, "Service Restart");
          }),
      );
      // The close handshake gets a moment; a peer that does not answer is cut off below.
      clearInterval(heartbeatTimer);
      await Promise.race([Promise.all(closed), new Promise((r) => setTimeout(r, 1000).unref())]);
      for (const client of wss.clients) client.terminate();
      // Stops taking upgrades; the node server itself is closed by its owner (Apollo's drain).
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
