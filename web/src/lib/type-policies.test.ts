import { buildSchema, isObjectType } from "graphql";
import { describe, expect, it } from "vitest";
import schemaText from "../../../schema.graphql?raw";
import { typePolicies } from "./type-policies";

const schema = buildSchema(schemaText);
const roots = new Set([schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].map((t) => t?.name));
const objectTypes = Object.values(schema.getTypeMap()).filter((t) => isObjectType(t) && !t.name.startsWith("__") && !roots.has(t.name));

describe("the cache's identity for every object type of schema.graphql", () => {
  it("gives each type an id, keyFields naming its identity, or keyFields: false (a value object)", () => {
    const undecided = objectTypes
      .filter((t) => isObjectType(t) && !t.getFields().id && typePolicies[t.name]?.keyFields === undefined)
      .map((t) => t.name);
    // A new type without `id` needs a decision in type-policies.ts: its keyFields, or keyFields: false with the reason.
    expect(undecided).toEqual([]);
  });

  it("keys only by fields the type has, and declares no policy for a type the schema lost", () => {
    for (const [name, policy] of Object.entries(typePolicies)) {
      if (name === "Query" || name === "Mutation" || name === "Subscription") continue;
      const type = schema.getType(name);
      expect(type && isObjectType(type), `${name} is an object type of the schema`).toBe(true);
      if (!type || !isObjectType(type) || !Array.isArray(policy.keyFields)) continue;
      for (const field of policy.keyFields) {
        expect(typeof field === "string" && field in type.getFields(), `${name}.${String(field)} exists`).toBe(true);
      }
    }
  });
});
