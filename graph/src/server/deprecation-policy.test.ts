/**
 * The deprecation policy integrators read in docs/integrators.md: a field, argument, input field or enum
 * value is deprecated with a reason that names what to use instead, the day it was deprecated and the
 * first day it may go, at least 90 days later; `schema.graphql` shows it. A reason that does not say
 * so fails here, so nothing can be deprecated (and later removed) without the notice integrators rely on.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { buildSchema, isEnumType, isInputObjectType, isInterfaceType, isObjectType } from "graphql";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../shared/paths.js";

const NOTICE_DAYS = 90;
/** "Use `x` instead. Deprecated 2026-11-28; removed no earlier than 2027-03-01." */
const REASON = /^(?<use>.+\S)\s+Deprecated (?<since>\d{4}-\d{2}-\d{2}); removed no earlier than (?<until>\d{4}-\d{2}-\d{2})\.$/s;

/** Every deprecation in an SDL: where, and its reason. */
function deprecations(sdl: string): Array<{ where: string; reason: string }> {
  const schema = buildSchema(sdl);
  const found: Array<{ where: string; reason: string }> = [];
  const add = (where: string, reason: string | null | undefined) => {
    if (reason != null) found.push({ where, reason });
  };
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith("__")) continue;
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        add(`${type.name}.${field.name}`, field.deprecationReason);
        for (const arg of field.args) add(`${type.name}.${field.name}(${arg.name})`, arg.deprecationReason);
      }
    } else if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) add(`${type.name}.${field.name}`, field.deprecationReason);
    } else if (isEnumType(type)) {
      for (const value of type.getValues()) add(`${type.name}.${value.name}`, value.deprecationReason);
    }
  }
  return found;
}

/** Why a deprecation breaks the policy, or null when it keeps it. */
function policyBreach(reason: string): string | null {
  const m = REASON.exec(reason);
  if (!m?.groups) return "the reason must say what to use, then 'Deprecated YYYY-MM-DD; removed no earlier than YYYY-MM-DD.'";
  const since = Date.parse(`${m.groups.since}T00:00:00Z`);
  const until = Date.parse(`${m.groups.until}T00:00:00Z`);
  if (Number.isNaN(since) || Number.isNaN(until)) return "a date is not a real day";
  if (until - since < NOTICE_DAYS * 86_400_000) return `the removal date must be at least ${NOTICE_DAYS} days after the deprecation`;
  return null;
}

describe("the deprecation policy", () => {
  it("every deprecation in schema.graphql names its replacement, its day and a removal day at least 90 days later", () => {
    const sdl = readFileSync(path.join(PROJECT_ROOT, "schema.graphql"), "utf8");
    const breaches = deprecations(sdl).flatMap(({ where, reason }) => {
      const why = policyBreach(reason);
      return why ? [`${where}: ${why}`] : [];
    });
    expect(breaches).toEqual([]);
  });

  it("catches a reason without dates, a notice shorter than 90 days, and accepts one that keeps the policy", () => {
    const sdl = `
      type Query {
        a: Int @deprecated(reason: "Use b.")
        b(x: Int @deprecated(reason: "Use y. Deprecated 2026-11-28; removed no earlier than 2027-01-01.")): Int
        c: Int @deprecated(reason: "Use \`d\` instead. Deprecated 2026-11-28; removed no earlier than 2027-02-26.")
        d: Int
      }
    `;
    const found = deprecations(sdl);
    expect(found.map((d) => d.where)).toEqual(["Query.a", "Query.b(x)", "Query.c"]);
    expect(found.map((d) => policyBreach(d.reason) === null)).toEqual([false, false, true]);
  });
});
