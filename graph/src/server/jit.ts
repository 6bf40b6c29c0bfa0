import type { GatewayExecutor, GatewayInterface } from "@apollo/server-gateway-interface";
import { type ExecutionResult, execute, GraphQLError, type GraphQLSchema, printSchema } from "graphql";
import { getVariableValues } from "graphql/execution/values.js";
import { type CompiledQuery, compileQuery, isCompiledQuery } from "graphql-jit";
import type { Context } from "./context.js";

/** Distinct operations kept compiled; the web app sends a few dozen. */
const MAX_COMPILED = 500;

/** A query operation Apollo has parsed, validated and run once, compiled. */
export interface KnownQuery {
  /**
   * Runs it again for `ctx`; null, before anything runs, when the variables do not fit the
   * operation (Apollo answers those: 400 BAD_USER_INPUT).
   */
  run(variables: Record<string, unknown>, ctx: Context): ExecutionResult | Promise<ExecutionResult> | null;
}

export interface JitExecutor extends GatewayInterface {
  /**
   * The query operation Apollo has already validated (with every armor limit) and handed to this
   * executor for exactly this document text and requested operation name; undefined for anything
   * else (mutations, unseen or invalid documents).
   */
  known(query: string, operationName: string | undefined): KnownQuery | undefined;
}

/**
 * Executes queries with graphql-jit: each document is compiled once into a JavaScript function
 * (resolver calls, list handling, serialisation of leaves) and reused, instead of graphql-js
 * walking the document for every request. Apollo Server still parses, validates (with every
 * armor limit), runs the plugins and formats errors; it accepts a custom executor only through
 * its gateway interface, which is what this is (one fixed schema, never updated).
 *
 * Two things stay with graphql-js on purpose: variables are coerced by it first, so a bad value
 * answers graphql-js's own error (which Apollo maps to 400 BAD_USER_INPUT); and mutations run on
 * it, because graphql-js stops a mutation's remaining root fields once a non-null one failed
 * (several aliased logins must not all run), where graphql-jit would go on.
 *
 * Compiled queries are kept by the request's own document text and operation name, so the
 * GraphQL door can run a query Apollo has seen before (`known`, graphql-door.ts).
 */
export function jitExecutor(schema: GraphQLSchema): JitExecutor {
  const compiled = new Map<string, KnownQuery>();
  // No operation name and an empty one differ to Apollo (an empty name selects no operation): "\u0001" is no name's.
  const keyOf = (query: string, operationName: string | null | undefined) => `${operationName ?? "\u0001"}\u0000${query}`;
  const executor: GatewayExecutor = async (rc) => {
    const variables = rc.request.variables ?? {};
    // No operation by that name (Apollo passes an empty name on): graphql-js answers its own error.
    if (!rc.operation) return execute({ schema, document: rc.document, operationName: rc.request.operationName, contextValue: rc.context });
    if (rc.operation.operation !== "query") {
      const coerced = getVariableValues(schema, rc.operation.variableDefinitions ?? [], variables, { maxErrors: 50 });
      if (coerced.errors) return { errors: coerced.errors };
      return execute({
        schema,
        document: rc.document,
        operationName: rc.operationName,
        variableValues: variables,
        contextValue: rc.context,
      });
    }
    const key = keyOf(rc.source, rc.request.operationName);
    let query = compiled.get(key);
    if (!query) {
      const result = compileQuery(schema, rc.document, rc.operationName ?? undefined);
      if (!isCompiledQuery(result)) return result;
      query = knownQuery(schema, result, rc.operation.variableDefinitions ?? []);
      if (compiled.size >= MAX_COMPILED) compiled.delete(compiled.keys().next().value!);
      compiled.set(key, query);
    }
    const ran = query.run(variables, rc.context as Context);
    if (ran) return ran;
    return { errors: getVariableValues(schema, rc.operation.variableDefinitions ?? [], variables, { maxErrors: 50 }).errors };
  };
  return {
    known: (query, operationName) => compiled.get(keyOf(query, operationName)),
    onSchemaLoadOrUpdate(callback) {
      // Only Apollo's schema reporting (off without an Apollo key) reads the printed schema: printed
      // if asked, not at every start.
      callback({
        apiSchema: schema,
        get coreSupergraphSdl() {
          return printSchema(schema);
        },
      });
      return () => {};
    },
    async load() {
      return { executor };
    },
    async stop() {
      compiled.clear();
    },
  };
}

/** Variables are coerced by graphql-js first (its errors are the ones clients know), then the compiled query runs. */
function knownQuery(schema: GraphQLSchema, query: CompiledQuery, definitions: Parameters<typeof getVariableValues>[1]): KnownQuery {
  return {
    run(variables, ctx) {
      const coerced = getVariableValues(schema, definitions, variables, { maxErrors: 50 });
      if (coerced.errors) return null;
      const result = query.query(undefined, ctx, variables);
      return result instanceof Promise ? result.then(withExtensions) : withExtensions(result);
    },
  };
}

/**
 * graphql-jit leaves `extensions` undefined (and fixed) on an error whose cause had none (a
 * resolver's plain Error), where graphql-js always sets an object. Apollo's error formatting reads
 * `extensions.code` unguarded: it threw, and such an error was answered "Internal server error"
 * without its path and never reached formatError (so it was never logged). Made again as graphql-js
 * makes it, it is formatted, masked and logged like any other.
 */
function withExtensions(result: ExecutionResult): ExecutionResult {
  if (!result.errors?.some((e) => !e.extensions)) return result;
  const errors = result.errors.map((e) =>
    e.extensions
      ? e
      : new GraphQLError(e.message, {
          nodes: e.nodes,
          source: e.source,
          positions: e.positions,
          path: e.path,
          originalError: e.originalError,
        }),
  );
  return { ...result, errors };
}
