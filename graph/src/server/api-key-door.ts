import type { ApolloServerPlugin } from "@apollo/server";
import { type DocumentNode, getOperationAST, type GraphQLError } from "graphql";
import { CloseCode } from "graphql-ws";
import type { WebSocket } from "ws";
import { API_KEY_MESSAGES } from "../../../common/api-keys.js";
import { AppError } from "../shared/errors.js";
import type { AppPubSub } from "../shared/pubsub.js";
import type { ApiKeyCaller, Context } from "../kit/context.js";

/**
 * What each door does with a read-only API key (`Authorization: Bearer sxk_...`), beside the one
 * check every private field and route already makes (`requireUser`, kit/context.ts, refuses a key
 * with FORBIDDEN): a key that does not work is refused before anything runs (context.ts), and no
 * write runs with one, over HTTP (the Apollo plugin, REST's non-GET routes) or the socket.
 *
 * The `http` extension sets the status of an answer refused before any field ran (Apollo reads it
 * from an error thrown by the context function or a request hook, and drops it from the answer).
 */

/** A `sxk_` bearer that matches no working key: 401 on both doors, whatever the operation. */
export function apiKeyRejected(message: string): AppError {
  return new AppError("UNAUTHENTICATED", message, { http: { status: 401 } });
}

/** A write (or anything private) asked for with a key. */
export function apiKeyReadOnly(): AppError {
  return new AppError("FORBIDDEN", API_KEY_MESSAGES.readOnly, { http: { status: 403 } });
}

/** Whether an error is a key's refusal at the door (the socket closes with its message). */
export function isApiKeyRejection(e: unknown): e is AppError {
  return e instanceof AppError && e.code === "UNAUTHENTICATED" && (e.extensions.http as { status?: number } | undefined)?.status === 401;
}

/** Every mutation over HTTP with a key is FORBIDDEN (403) once the operation is known, before any resolver runs. */
export const apiKeyPlugin: ApolloServerPlugin<Context> = {
  async requestDidStart({ contextValue }) {
    if (!contextValue.apiKey) return;
    return {
      async didResolveOperation({ operation }) {
        if (operation && operation.operation !== "query") throw apiKeyReadOnly();
      },
    };
  },
};

/** REST: a key may only read (GET, HEAD); any other method is FORBIDDEN before the route's handler runs. */
export function assertKeyMayUse(ctx: Context, method: string): Context {
  if (ctx.apiKey && method !== "GET" && method !== "HEAD") throw apiKeyReadOnly();
  return ctx;
}

/** The socket: an operation other than a query or subscription sent with a key is answered FORBIDDEN for its id. */
export function socketOperationRefusal(
  ctx: Context | undefined,
  document: DocumentNode,
  operationName: string | null | undefined,
): GraphQLError[] {
  if (!ctx?.apiKey) return [];
  const type = getOperationAST(document, operationName)?.operation;
  return type === "mutation" ? [apiKeyReadOnly()] : [];
}

/**
 * A socket opened with a key closes (4403, the invalid-key message) when the key is revoked, or
 * every key of its owner stops working (deleted, suspended), on whichever instance that happened.
 * Its own topic: the owner's SESSION_REVOKED listeners are their presence, which a key is not.
 */
export function closeOnKeyRevocation(socket: WebSocket, key: ApiKeyCaller, pubsub: AppPubSub): void {
  const stop = pubsub.listen("API_KEYS_REVOKED", key.ownerId, ({ keyIds }) => {
    if (keyIds && !keyIds.includes(key.id)) return;
    stop();
    socket.close(CloseCode.Forbidden, API_KEY_MESSAGES.invalid);
  });
  socket.once("close", stop);
}
