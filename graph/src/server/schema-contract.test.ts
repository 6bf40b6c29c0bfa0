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

/** Every type, field, argument, enum value and input field of `s`, named, with its description. */
function describables(s: GraphQLSchema): Array<{ name: string; description: string | null | undefined }> {
  const out: Array<{ name: string; description: string | null | undefined }> = [];
  for (const type of Object.values(s.getTypeMap())) {
    if (type.name.startsWith("__") || isSpecifiedScalarType(type)) continue;
    out.push({ name: `type ${type.name}`, description: type.description });
    if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        out.push({
          name: `${isInputObjectType(type) ? "input field" : "field"} ${type.name}.${field.name}`,
          description: field.description,
        });
        for (const arg of "args" in field ? field.args : []) {
          out.push({ name: `argument ${type.name}.${field.name}(${arg.name})`, description: arg.description });
        }
      }
    }
    if (isEnumType(type))
      for (const value of type.getValues()) out.push({ name: `enum value ${type.name}.${value.name}`, description: value.description });
  }
  return out;
}

/** Every type, field, argument, enum value and input field of `s` that has no description. */
export function undescribed(s: GraphQLSchema): string[] {
  return describables(s)
    .filter((d) => !d.description?.trim())
    .map((d) => d.name);
}

/** Descriptions that start with a lower-case letter (a description is a sentence, read in tools' docs panes). */
function lowerCaseDescriptions(s: GraphQLSchema): string[] {
  return describables(s)
    .filter((d) => /^[a-z]/.test(d.description?.trim() ?? ""))
    .map((d) => d.name);
}

const typeOf = (type: string, field: string) => {
  const t = schema.getType(type);
  return t && (isObjectType(t) || isInputObjectType(t)) ? String(t.getFields()[field]?.type) : undefined;
};

describe("schema.graphql as a contract for front-end developers", () => {
  it("describes every type, field, argument, enum value and input field", () => {
    expect(undescribed(schema)).toEqual([]);
  });

  it("starts every description with a capital letter", () => {
    expect(lowerCaseDescriptions(schema)).toEqual([]);
    expect(lowerCaseDescriptions(buildSchema(`"""reads."""\ntype Query { """One."""\n a: Int }`))).toEqual(["type Query"]);
  });

  it("types our own identifiers ID, and says why a payment gateway's stay String", () => {
    expect(typeOf("Notification", "refId")).toBe("ID");
    expect(typeOf("ChatMessage", "clientId")).toBe("ID");
    const verify = schema.getMutationType()!.getFields().verifyCoinPayment!;
    const sandbox = schema.getType("SandboxPayment");
    const gatewayIds = [
      ...verify.args.filter((a) => a.name === "paymentId" || a.name === "signature"),
      ...(isObjectType(sandbox) ? [sandbox.getFields().paymentId!] : []),
    ];
    expect(gatewayIds.map((f) => String(f.type))).toEqual(["String!", "String!", "String!"]);
    for (const f of gatewayIds) expect(f.description, f.name).toMatch(/String, not ID/);
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
