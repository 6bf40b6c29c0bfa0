import { readFileSync } from "node:fs";
import path from "node:path";
import {
  buildSchema,
  type GraphQLSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isSpecifiedScalarType,
  parse,
  validate,
} from "graphql";
import { describe, expect, it } from "vitest";
import { SANDBOX_EXAMPLES } from "../../../web/sandbox/examples.js";
import { PROJECT_ROOT } from "../shared/paths.js";

const schema = buildSchema(readFileSync(path.join(PROJECT_ROOT, "schema.graphql"), "utf8"));

/** Every type, field, argument, enum value and input field of `schema` that has no description. */
export function undescribed(s: GraphQLSchema): string[] {
  const missing: string[] = [];
  const lacks = (d: string | null | undefined) => !d?.trim();
  for (const type of Object.values(s.getTypeMap())) {
    if (type.name.startsWith("__") || isSpecifiedScalarType(type)) continue;
    if (lacks(type.description)) missing.push(`type ${type.name}`);
    if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        if (lacks(field.description)) missing.push(`${isInputObjectType(type) ? "input field" : "field"} ${type.name}.${field.name}`);
        for (const arg of "args" in field ? field.args : []) {
          if (lacks(arg.description)) missing.push(`argument ${type.name}.${field.name}(${arg.name})`);
        }
      }
    }
    if (isEnumType(type))
      for (const value of type.getValues()) if (lacks(value.description)) missing.push(`enum value ${type.name}.${value.name}`);
  }
  return missing;
}

describe("schema.graphql as a contract for front-end developers", () => {
  it("describes every type, field, argument, enum value and input field", () => {
    expect(undescribed(schema)).toEqual([]);
  });

  it("names every enum value in UPPER_CASE", () => {
    const lower = Object.values(schema.getTypeMap())
      .filter((t) => isEnumType(t) && !t.name.startsWith("__"))
      .flatMap((t) => (isEnumType(t) ? t.getValues().map((v) => `${t.name}.${v.name}`) : []))
      .filter((name) => !/\.[A-Z][A-Z0-9_]*$/.test(name));
    expect(lower).toEqual([]);
  });

  it("finds what is missing (the check itself can fail)", () => {
    const bare = buildSchema(`"""Reads."""\ntype Query { """One."""\n a(x: Int): Int }\n"""E."""\nenum E { ONE }\ninput I { f: Int }`);
    expect(undescribed(bare)).toEqual(["argument Query.a(x)", "enum value E.ONE", "type I", "input field I.f"]);
  });

  it("opens the sandbox on example operations that are valid against the schema", () => {
    expect(SANDBOX_EXAMPLES.length).toBeGreaterThanOrEqual(6);
    for (const example of SANDBOX_EXAMPLES) {
      expect(
        validate(schema, parse(example.query)).map((e) => e.message),
        example.query.split("\n")[0],
      ).toEqual([]);
    }
  });
});
