import type { GatewayExecutor, GatewayInterface } from "@apollo/server-gateway-interface";
import { execute, type GraphQLSchema, printSchema } from "graphql";
import { getVariableValues } from "graphql/execution/values.js";
import { type CompiledQuery, compileQuery, isCompiledQuery } from "graphql-jit";

/** Distinct operations kept compiled; the web app sends a few dozen. */
const MAX_COMPILED = 500;

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
 */
export function jitExecutor(schema: GraphQLSchema): GatewayInterface {
  const compiled = new Map<string, CompiledQuery>();
  const executor: GatewayExecutor = async (rc) => {
    const variables = rc.request.variables ?? {};
    const coerced = getVariableValues(schema, rc.operation.variableDefinitions ?? [], variables, { maxErrors: 50 });
    if (coerced.errors) return { errors: coerced.errors };
    if (rc.operation.operation !== "query") {
      return execute({
        schema,
        document: rc.document,
        operationName: rc.operationName,
        variableValues: variables,
        contextValue: rc.context,
      });
    }
    const key = `${rc.queryHash}\u0000${rc.operationName ?? ""}`;
    let query = compiled.get(key);
    if (!query) {
      const result = compileQuery(schema, rc.document, rc.operationName ?? undefined);
      if (!isCompiledQuery(result)) return result;
      query = result;
      if (compiled.size >= MAX_COMPILED) compiled.delete(compiled.keys().next().value!);
      compiled.set(key, query);
    }
    return query.query(undefined, rc.context, variables);
  };
  return {
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
    async stop() {},
  };
}
