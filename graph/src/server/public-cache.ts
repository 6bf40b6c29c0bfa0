import { type ApolloServerPlugin, type GraphQLResponse, HeaderMap } from "@apollo/server";
import { type FormattedExecutionResult, Kind, type OperationDefinitionNode } from "graphql";
import type { Context } from "./context.js";

/** Root fields whose answer is the same for everyone and has a version that changes with it. */
export interface PublicField {
  /** The current version of the field's data (cheap: it is cached by its service). */
  version(ctx: Context): Promise<string>;
}

const MAX_ENTRIES = 64;

/**
 * Answers a query that asks only for public root fields (e.g. `leaderboard`) from the response
 * already computed for the same document, variables and data version, skipping execution. The
 * key holds the data's version, so a change in the data can never be answered from the cache;
 * nothing that depends on the caller (their token, their fields) is ever cached.
 *
 * A hit is answered from `responseForOperation`, before Apollo prepares an execution (a gateway
 * request context, a content negotiation): as a wrapper of the executor the same hit cost 40% more.
 *
 * The answer's JSON text is kept with it: `stringifyResult` (Apollo's option of that name) writes a
 * cached answer's text without serialising it again, which for the 100-row leaderboard was a third
 * of the request's CPU. Anything else is serialised as Apollo does by default.
 */
export function publicResponseCache(fields: Record<string, PublicField>): {
  plugin: ApolloServerPlugin<Context>;
  /** Whether a query's text names a public field (a root field's name is always written out in the query). */
  names(query: string): boolean;
  /**
   * The cached answer's text for a POST's document text, operation name and variables, when Apollo has
   * already answered that document (validated, every armor limit) and cached its answer for the data's
   * current version; undefined otherwise (Apollo answers). For the GraphQL door (graphql-door.ts).
   */
  cachedText(query: string, operationName: string | undefined, variables: unknown, ctx: Context): Promise<string | undefined>;
  stringifyResult: (value: FormattedExecutionResult) => string;
} {
  const cache = new Map<string, GraphQLResponse["body"]>();
  /** A document Apollo has validated (text and requested operation name) -> the public root fields it asks for. */
  const rootsOf = new Map<string, string[]>();
  const documentKey = (source: string, operationName: string | null | undefined) => `${operationName ?? "\u0001"}\u0000${source}`;
  const versionsOf = async (roots: string[], ctx: Context) => (await Promise.all(roots.map((f) => fields[f].version(ctx)))).join(",");
  const keyOf = (versions: string, document: string, variables: unknown) =>
    `${versions}\u0000${document}\u0000${JSON.stringify(variables ?? {})}`;
  /** A cached answer's `data` -> its whole JSON text, as Apollo's default would write it. */
  const texts = new WeakMap<object, string>();
  const rootFieldsOf = (op: OperationDefinitionNode): string[] | null => {
    if (op.operation !== "query") return null;
    const names: string[] = [];
    for (const sel of op.selectionSet.selections) {
      if (sel.kind !== Kind.FIELD || sel.directives?.length) return null;
      if (sel.name.value === "__typename") continue;
      if (!(sel.name.value in fields)) return null;
      names.push(sel.name.value);
    }
    return names.length ? [...new Set(names)] : null;
  };
  const publicNames = Object.keys(fields);
  const names = (query: string) => publicNames.some((name) => query.includes(name));
  const plugin: ApolloServerPlugin<Context> = {
    // A listener only for a request whose text names a public field (a root field's name is always
    // written out in the query): Apollo calls a plugin's listener at every stage of the request, about
    // 2 KB of promises and arrays, which every other request is spared. Without the text (a persisted
    // query sent by its hash) it listens, as before.
    async requestDidStart({ request }) {
      if (typeof request.query === "string" && !names(request.query)) return;
      let key: string | null = null;
      let recheck: (() => Promise<string>) | null = null;
      return {
        async responseForOperation(rc) {
          const roots = rootFieldsOf(rc.operation);
          if (!roots) return null;
          // Keyed by the document's text (Apollo's hash of it when there is none) and the operation name asked for.
          const document = documentKey(rc.source ?? rc.queryHash, rc.request.operationName);
          if (!rootsOf.has(document)) {
            if (rootsOf.size >= MAX_ENTRIES) rootsOf.delete(rootsOf.keys().next().value!);
            rootsOf.set(document, roots);
          }
          const versionsNow = () => versionsOf(roots, rc.contextValue);
          recheck = versionsNow;
          key = keyOf(await versionsNow(), document, rc.request.variables);
          const body = cache.get(key);
          if (!body) return null;
          return { http: { status: undefined, headers: new HeaderMap() }, body };
        },
        async willSendResponse(rc) {
          if (!key || cache.has(key)) return;
          const body = rc.response.body;
          if (body.kind !== "single" || body.singleResult.errors?.length || !body.singleResult.data) return;
          // The data changed while this answer was computed: it may mix versions, keep it out.
          if (!recheck || !key.startsWith(`${await recheck()}\u0000`)) return;
          if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
          cache.set(key, body);
          texts.set(body.singleResult.data, serialize({ data: body.singleResult.data }));
        },
      };
    },
  };
  return {
    plugin,
    names,
    async cachedText(query, operationName, variables, ctx) {
      const document = documentKey(query, operationName);
      const roots = rootsOf.get(document);
      if (!roots) return undefined;
      const body = cache.get(keyOf(await versionsOf(roots, ctx), document, variables));
      if (body?.kind !== "single" || !body.singleResult.data) return undefined;
      return texts.get(body.singleResult.data);
    },
    stringifyResult: (value) => {
      const text = value.data && !value.errors && !value.extensions ? texts.get(value.data) : undefined;
      return text ?? serialize(value);
    },
  };
}

/** Apollo's default serialisation of an answer (`prettyJSONStringify`). */
const serialize = (value: FormattedExecutionResult) => `${JSON.stringify(value)}\n`;
