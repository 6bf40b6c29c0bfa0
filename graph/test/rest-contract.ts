/**
 * Every /api answer a test app gives, checked against the OpenAPI document that app emits
 * (openapi-contract.ts). The harness installs `watchRestAnswers` on each test app's Fastify (an
 * `onSend` hook, before any route exists, so it sees every route's answer before compression);
 * rest-contract.setup.ts fails the test during which a broken answer was sent, and reports which
 * documented operations the run never exercised.
 */
import type { FastifyInstance } from "fastify";
import { type ObservedAnswer, OpenApiContract, operationKey } from "./openapi-contract.js";

/** Served under /api but not operations: the viewer's static files. */
const NOT_OPERATIONS = [/^\/api\/docs\/assets\//i];

/** An answer as seen, its route as Fastify declared it (`/api/user/:id`). */
interface Seen extends Omit<ObservedAnswer, "path"> {
  route: string;
  test: string | undefined;
}

class RestContractWatch {
  private contract: OpenApiContract | undefined;
  private pending: Seen[] = [];
  private problems: string[] = [];
  readonly exercised = new Set<string>();
  /** The running test's name (the setup file sets it; undefined outside Vitest or between tests). */
  currentTest: () => string | undefined = () => undefined;

  get document(): unknown {
    return this.contract?.document;
  }

  /** The document, read once per test file from the first app that starts; answers seen before are checked now. */
  async load(appUrl: string): Promise<void> {
    if (this.contract) return;
    const res = await fetch(`${appUrl}/api/openapi.json`);
    if (res.status !== 200) throw new Error(`GET /api/openapi.json answered ${res.status}`);
    this.contract = new OpenApiContract(await res.json());
    const pending = this.pending;
    this.pending = [];
    for (const seen of pending) this.judge(seen);
  }

  record(seen: Seen): void {
    if (this.contract) this.judge(seen);
    else this.pending.push(seen);
  }

  /** The problems found since the last call. */
  take(): string[] {
    const p = this.problems;
    this.problems = [];
    return p;
  }

  operations(): string[] {
    return this.contract?.operations() ?? [];
  }

  private judge(seen: Seen): void {
    const contract = this.contract!;
    const base = String(((contract.document as { servers?: Array<{ url?: string }> }).servers ?? [])[0]?.url ?? "").replace(/\/$/, "");
    const path = openApiPath(seen.route.slice(base.length));
    const problems = contract.check({ ...seen, path });
    const key = operationKey(seen.method === "HEAD" ? "GET" : seen.method, path);
    if (contract.has(seen.method === "HEAD" ? "GET" : seen.method, path)) this.exercised.add(key);
    if (problems.length) {
      const body = seen.body === undefined ? "(not read)" : seen.body.length > 400 ? `${seen.body.slice(0, 400)}...` : seen.body;
      this.problems.push(
        `${seen.method} ${path} answered ${seen.status}${seen.test ? ` (during "${seen.test}")` : ""}:\n` +
          problems.map((p) => `      - ${p}\n`).join("") +
          `      body: ${body}`,
      );
    }
  }
}

/** `/user/:id/` -> `/user/{id}` (as openapi.ts names paths; a route mounted at its prefix ends in a slash). */
const openApiPath = (route: string) => (route.replace(/:(\w+)/g, "{$1}").replace(/(.)\/$/, "$1") || "/").replace(/^([^/])/, "/$1");

export const restContract = new RestContractWatch();

/** Adds the `onSend` hook that records every /api answer of this app (the payload is passed on untouched). */
export function watchRestAnswers(fastify: FastifyInstance): void {
  fastify.addHook("onSend", async (request, reply, payload) => {
    const route = request.routeOptions.url;
    // No route: the REST 404 for an unknown path, or a request that never reached a route.
    if (!route || !/^\/api(\/|$)/i.test(route) || NOT_OPERATIONS.some((r) => r.test(route))) return payload;
    // A CORS preflight is HTTP's, not an operation of the API.
    if (request.method === "OPTIONS") return payload;
    const contentType = reply.getHeader("content-type");
    restContract.record({
      method: request.method,
      route,
      status: reply.statusCode,
      contentType: typeof contentType === "string" ? contentType : undefined,
      // A stream is not read here (it would be consumed); none is sent by a documented operation.
      body: typeof payload === "string" ? payload : Buffer.isBuffer(payload) ? payload.toString("utf8") : payload == null ? "" : undefined,
      test: restContract.currentTest(),
    });
    return payload;
  });
}
