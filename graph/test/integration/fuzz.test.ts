/**
 * No input reaches a 5xx. A generated set of bad inputs goes to every mutation in schema.graphql
 * and to every POST route of the REST layer (found by walking the routers, so a new route is
 * fuzzed without anyone adding it here), plus hostile GraphQL documents. Every answer must be a
 * client error or a success: never a 5xx, never INTERNAL_SERVER_ERROR.
 */
import "reflect-metadata";
import { readFileSync } from "node:fs";
import path from "node:path";
import {
  buildSchema,
  getNamedType,
  type GraphQLField,
  type GraphQLInputType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  isLeafType,
  type GraphQLNamedType,
} from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { restRoutes } from "../../src/server/rest.js";
import { dbTargets, startTestApp, type TestApp } from "../harness.js";
import { filledStudent } from "../profiles.js";

const schema = buildSchema(readFileSync(path.resolve(import.meta.dirname, "../../../schema.graphql"), "utf8"));
const HUGE = "x".repeat(100_000);
const NUL = "a\u0000b";
const LIMITS =
  "login_account=100000/60,login_ip=100000/60,register_ip=100000/60,forgot_email=100000/60,forgot_ip=100000/60,contact_ip=100000/60,chat_message=100000/60";

type Mode = "null" | "wrongType" | "huge" | "nul" | "longList" | "extreme" | "emptyObject";
const MODES: Mode[] = ["null", "wrongType", "huge", "nul", "longList", "extreme", "emptyObject"];

/** A value of `type` bent the way `mode` says (recursing through lists and input objects). */
function badValue(type: GraphQLInputType, mode: Mode, depth = 0): unknown {
  if (isNonNullType(type)) return badValue(type.ofType, mode, depth);
  if (isListType(type)) {
    const item = badValue(type.ofType, mode, depth + 1);
    if (mode === "longList") return Array.from({ length: 5000 }, () => item);
    if (mode === "wrongType") return { not: "a list" };
    return [item];
  }
  const named = getNamedType(type) as GraphQLNamedType;
  if (isInputObjectType(named)) {
    if (mode === "emptyObject" || depth > 3) return {};
    return Object.fromEntries(Object.entries(named.getFields()).map(([k, f]) => [k, badValue(f.type, mode, depth + 1)]));
  }
  if (mode === "null") return null;
  if (isEnumType(named)) return mode === "wrongType" ? 42 : mode === "nul" ? NUL : named.getValues()[0].value;
  if (isScalarType(named)) {
    const numeric = named.name === "Int" || named.name === "Float";
    switch (mode) {
      case "wrongType":
        return numeric ? "not a number" : named.name === "Boolean" ? "yes" : { an: "object" };
      case "huge":
        return numeric ? 1e308 : named.name === "Boolean" ? true : HUGE;
      case "nul":
        return numeric ? 0 : named.name === "Boolean" ? false : NUL;
      case "extreme":
        return numeric ? (named.name === "Int" ? -2147483648 : -1e-308) : named.name === "Boolean" ? false : "'; DROP TABLE users; --";
      default:
        return numeric ? 1 : named.name === "Boolean" ? true : "x";
    }
  }
  return null;
}

function mutationDocument(name: string, field: GraphQLField<unknown, unknown>): string {
  const vars = field.args.map((a) => `$${a.name}: ${a.type.toString()}`).join(", ");
  const args = field.args.map((a) => `${a.name}: $${a.name}`).join(", ");
  const selection = isLeafType(getNamedType(field.type)) ? "" : " { __typename }";
  return `mutation Fuzz${vars ? `(${vars})` : ""} { ${name}${args ? `(${args})` : ""}${selection} }`;
}

const KEYS = [
  "userId",
  "userID",
  "feedID",
  "currentUserID",
  "receiverID",
  "senderID",
  "from_user",
  "from_user_token",
  "token",
  "newtoken",
  "preachSkill",
  "learnSkill",
  "skillCoins",
  "amount",
  "rating",
  "reason",
  "otherReason",
  "newMessage",
  "meetingLink",
  "userId1",
  "userId2",
  "email",
  "password",
  "name",
  "msg",
  "searchQuery",
  "selectedFilter",
  "title",
  "description",
  "type",
  "message",
  "gender",
  "selectedLanguages",
  "skillsKnown",
  "skillsRequired",
  "image",
  "days",
  "score",
  "highScore",
  "visible",
  "postId",
  "applicantId",
  "razorpay_order_id",
  "razorpay_payment_id",
  "razorpay_signature",
  "orderId",
  "coins",
  "headers",
];

function deepNest(depth: number): unknown {
  let v: unknown = "bottom";
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
}

const REST_BODIES: Array<{ label: string; raw: string }> = [
  { label: "not json", raw: "{not json" },
  { label: "array", raw: "[1,2,3]" },
  { label: "string", raw: '"just a string"' },
  { label: "nulls", raw: JSON.stringify(Object.fromEntries(KEYS.map((k) => [k, null]))) },
  { label: "numbers", raw: JSON.stringify(Object.fromEntries(KEYS.map((k) => [k, -1e308]))) },
  { label: "objects", raw: JSON.stringify(Object.fromEntries(KEYS.map((k) => [k, { $gt: "" }]))) },
  {
    label: "arrays",
    raw: JSON.stringify(Object.fromEntries(KEYS.map((k) => [k, Array.from({ length: 2000 }, () => ({ skill: "x", category: "Other" }))]))),
  },
  { label: "huge strings", raw: JSON.stringify(Object.fromEntries(KEYS.map((k) => [k, "y".repeat(20_000)]))) },
  { label: "null bytes", raw: JSON.stringify(Object.fromEntries(KEYS.map((k) => [k, NUL]))) },
  { label: "deep", raw: JSON.stringify(Object.fromEntries(KEYS.slice(0, 5).map((k) => [k, deepNest(2000)]))) },
  { label: "booleans", raw: JSON.stringify(Object.fromEntries(KEYS.map((k) => [k, true]))) },
];

describe.each(dbTargets)("fuzzing every door on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target, { env: { RATE_LIMITS: LIMITS } });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function post(pathname: string, body: string, token: string, accept = "application/graphql-response+json") {
    const res = await fetch(`${t.url}${pathname}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept, authorization: `Bearer ${token}` },
      body,
    });
    const text = await res.text();
    return { status: res.status, text };
  }

  it("every mutation answers bad variables with a client error, never a 5xx or INTERNAL_SERVER_ERROR", async () => {
    const mutations = Object.entries(schema.getMutationType()!.getFields());
    expect(mutations.length).toBeGreaterThan(20);
    const failures: string[] = [];
    for (const [name, field] of mutations) {
      // A fresh student per mutation: logout or a password change must not blunt the others.
      const me = await filledStudent(t);
      const doc = mutationDocument(name, field);
      for (const mode of MODES) {
        const variables = Object.fromEntries(field.args.map((a) => [a.name, badValue(a.type, mode)]));
        const r = await post("/graphql", JSON.stringify({ query: doc, variables }), me.token);
        if (r.status >= 500 || r.text.includes("INTERNAL_SERVER_ERROR"))
          failures.push(`${name} (${mode}): ${r.status} ${r.text.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it("every REST POST answers bad bodies with a client error, never a 5xx", async () => {
    const routes = [
      ...new Set(
        restRoutes(t.app.services)
          .list.filter((r) => r.method === "POST")
          .map((r) => r.path),
      ),
    ];
    expect(routes.length).toBeGreaterThan(25);
    const failures: string[] = [];
    for (const route of routes) {
      const me = await filledStudent(t);
      const other = await filledStudent(t);
      const url = `/api${route.replace(/:(\w+)/g, (_m, p: string) => (/other/i.test(p) ? other.id : me.id))}`;
      for (const { label, raw } of REST_BODIES) {
        const r = await post(url, raw, me.token);
        if (r.status >= 500) failures.push(`POST ${route} (${label}): ${r.status} ${r.text.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it("hostile GraphQL documents answer 400 with a client error code (200 in application/json)", async () => {
    const { token } = await filledStudent(t);
    const documents: Array<[string, string]> = [
      ["syntax error", "{"],
      ["null byte", "{ a\u0000 }"],
      ["deep list literal", `{ leaderboard(first: ${"[".repeat(5000)}1${"]".repeat(5000)}) { edges { node { rank } } } }`],
      ["over the token limit", `{ ${"__typename ".repeat(5000)}}`],
      ["deep selection", `{ ${"feed { edges { node { completedSkills { mentor { ".repeat(8)}id${" } } } } }".repeat(8)} }`],
      ["unknown field", "{ nope }"],
    ];
    const failures: string[] = [];
    for (const [label, query] of documents) {
      const r = await post("/graphql", JSON.stringify({ query }), token);
      const code = (JSON.parse(r.text) as { errors?: Array<{ extensions?: { code?: string } }> }).errors?.[0]?.extensions?.code;
      if (r.status !== 400 || !code || code === "INTERNAL_SERVER_ERROR") failures.push(`${label}: ${r.status} ${r.text.slice(0, 160)}`);
      // GraphQL over HTTP: the same refusal in application/json is a 200 with the same code.
      const legacy = await post("/graphql", JSON.stringify({ query }), token, "application/json");
      const legacyCode = (JSON.parse(legacy.text) as { errors?: Array<{ extensions?: { code?: string } }> }).errors?.[0]?.extensions?.code;
      if (legacy.status !== 200 || legacyCode !== code)
        failures.push(`${label} (application/json): ${legacy.status} ${legacy.text.slice(0, 160)}`);
    }
    expect(failures).toEqual([]);
  });
});
