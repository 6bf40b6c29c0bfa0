import type { GatewayExecutor, GatewayGraphQLRequestContext } from "@apollo/server-gateway-interface";
import { type FormattedExecutionResult, Kind, type OperationDefinitionNode } from "graphql";
import type { Context } from "./context.js";

/** Root fields whose answer is the same for everyone and has a version that changes with it. */
export interface PublicField {
  /** The current version of the field's data (cheap: it is cached by its service). */
  version(ctx: Context): Promise<string>;
}

const MAX_ENTRIES = 64;

type Execution = Awaited<ReturnType<GatewayExecutor>>;

/**
 * Answers a query that asks only for public root fields (e.g. `leaderboard`) with the result already
 * computed for the same document, variables and data version, skipping execution. The key holds
 * the data's version, so a change in the data can never be answered from the cache; nothing that
 * depends on the caller (their token, their fields) is ever cached.
 *
 * It wraps the executor (jit.ts) rather than being an Apollo plugin: a plugin's per-request
 * listener is called at every stage of every request (about 2 KB of promises and arrays each
 * time), where this looks at the operation only when it is about to run.
 *
 * The answer's JSON text is kept with it: `stringifyResult` (Apollo's option of that name) writes a
 * cached answer's text without serialising it again, which for the 100-row leaderboard was a third
 * of the request's CPU. Anything else is serialised as Apollo does by default.
 */
export function publicResponseCache(fields: Record<string, PublicField>): {
  around: (rc: GatewayGraphQLRequestContext, execute: () => Promise<Execution>) => Promise<Execution>;
  stringifyResult: (value: FormattedExecutionResult) => string;
} {
  const cache = new Map<string, Execution>();
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
  return {
    async around(rc, execute) {
      const roots = rootFieldsOf(rc.operation);
      if (!roots) return execute();
      const versionsNow = async () => (await Promise.all(roots.map((f) => fields[f].version(rc.context as Context)))).join(",");
      const key = `${await versionsNow()}\u0000${rc.queryHash}\u0000${rc.operationName ?? ""}\u0000${JSON.stringify(rc.request.variables ?? {})}`;
      const hit = cache.get(key);
      if (hit) return hit;
      const result = await execute();
      if (result.errors?.length || !result.data) return result;
      // The data changed while this answer was computed: it may mix versions, keep it out.
      if (!key.startsWith(`${await versionsNow()}\u0000`)) return result;
      if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
      cache.set(key, result);
      texts.set(result.data, serialize({ data: result.data }));
      return result;
    },
    stringifyResult: (value) => {
      const text = value.data && !value.errors && !value.extensions ? texts.get(value.data) : undefined;
      return text ?? serialize(value);
    },
  };
}

/** Apollo's default serialisation of an answer (`prettyJSONStringify`). */
const serialize = (value: FormattedExecutionResult) => `${JSON.stringify(value)}\n`;
