/** Helpers for suites that sign up and sign in through the real API. */
import { randomBytes, randomInt } from "node:crypto";
import type { GqlResult, TestApp } from "./harness.js";

export const REGISTER = `mutation Register($input: RegisterInput!) { register(input: $input) { token userId } }`;
export const LOGIN = `mutation Login($input: LoginInput!) { login(input: $input) { token userId } }`;
export const LOGOUT = `mutation { logout }`;
export const VIEWER = `{ viewerId }`;

const digits = (n: number) => String(randomInt(10 ** n)).padStart(n, "0");

/** A fresh, valid college address, e.g. 22z212@psgtech.ac.in. */
export function studentEmail(domain = "psgtech.ac.in"): string {
  return `${digits(2)}${String.fromCharCode(97 + randomInt(26))}${digits(3)}@${domain}`;
}

export const uniqueName = (prefix = "Student") => `${prefix} ${randomBytes(4).toString("hex")}`;

/** A client address of its own (the server trusts X-Forwarded-For from loopback), so per-IP limits do not interfere. */
export const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${1 + randomInt(254)}`;

/** GraphQL over HTTP as seen from `ip`. */
export async function gqlFrom<T = any>(
  t: TestApp,
  ip: string,
  query: string,
  variables?: Record<string, unknown>,
  token?: string | null,
): Promise<GqlResult<T>> {
  const res = await fetch(`${t.url}/graphql`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": ip,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as GqlResult<T>;
  return { status: res.status, data: body.data, errors: body.errors };
}

export interface Registered {
  token: string;
  userId: string;
  name: string;
  email: string;
  password: string;
}

/** Registers through the GraphQL mutation (real hashing) and returns the session and credentials. */
export async function registerStudent(
  t: TestApp,
  overrides: Partial<Omit<Registered, "token" | "userId">> = {},
  ip = randomIp(),
): Promise<Registered> {
  const input = { name: uniqueName(), email: studentEmail(), password: "correct horse battery", ...overrides };
  const r = await gqlFrom(t, ip, REGISTER, { input });
  if (!r.data?.register) throw new Error(`register failed: ${JSON.stringify(r.errors)}`);
  return { ...input, ...r.data.register };
}

export const errorCode = (r: GqlResult) => r.errors?.[0]?.extensions?.code;
export const errorMessage = (r: GqlResult) => r.errors?.[0]?.message;
