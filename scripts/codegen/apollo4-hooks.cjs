// A small codegen plugin: ONE typed hook per operation for Apollo Client 4.
// (typescript-react-apollo targets Apollo Client 3's API.) Each hook is a thin
// wrapper over @apollo/client/react that keeps the variables requirement exact.
const { Kind } = require("graphql");
const { convertFactory } = require("@graphql-codegen/visitor-plugin-common");

const HOOK = { query: "useQuery", mutation: "useMutation", subscription: "useSubscription" };
const SUFFIX = { query: "Query", mutation: "Mutation", subscription: "Subscription" };

module.exports = {
  plugin(_schema, documents, config) {
    const convert = convertFactory(config);
    const out = [];
    const ops = [];
    for (const doc of documents) {
      for (const def of doc.document.definitions) {
        if (def.kind !== Kind.OPERATION_DEFINITION || !def.name) continue;
        ops.push(def);
      }
    }
    if (ops.length === 0) return "";
    for (const def of ops) {
      const base = convert(def.name, { useTypesPrefix: false });
      const suffix = SUFFIX[def.operation];
      const hook = HOOK[def.operation];
      const data = `${base}${suffix}`;
      const vars = `${base}${suffix}Variables`;
      const doc = `${base}Document`;
      const name = `use${base}${suffix}`;
      if (def.operation === "mutation") {
        out.push(
          `export function ${name}(options?: ApolloReactHooks.useMutation.Options<${data}, ${vars}>) {\n` +
            `  return ApolloReactHooks.useMutation(${doc}, options);\n}`,
        );
      } else {
        const opts = `ApolloReactHooks.${hook}.Options<${data}, ${vars}>`;
        out.push(
          `export function ${name}(...args: {} extends ${vars} ? [options?: ${opts}] : [options: ${opts}]) {\n` +
            `  return ApolloReactHooks.${hook}(${doc}, ...(args as [${opts}]));\n}`,
        );
      }
    }
    return { prepend: ['import * as ApolloReactHooks from "@apollo/client/react";'], content: out.join("\n\n") + "\n" };
  },
};
