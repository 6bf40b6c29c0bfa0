/**
 * Every GraphQL request over HTTP goes through Apollo Server's whole pipeline: nothing answers a
 * repeated query in Apollo's place (a response cache, a compiled shortcut), so a plugin sees each
 * one and `formatError` formats a resolver's error on the thousandth request as on the first.
 */
import type { ApolloServerPlugin } from "@apollo/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type GqlResult, startTestApp, type TestApp } from "../../test/harness.js";
import type { Context } from "./context.js";
import { ledgerWrites } from "../../test/ledger.js";

const REPEATS = 1000;

describe("Apollo's request pipeline", () => {
  const seen = { requests: 0, executions: 0 };
  const counting: ApolloServerPlugin<Context> = {
    async requestDidStart() {
      seen.requests++;
      return {
        async executionDidStart() {
          seen.executions++;
        },
      };
    },
  };
  let t: TestApp;
  beforeAll(async () => {
    // A thousand calls from one address and one student in a few seconds: past their request budgets on purpose.
    t = await startTestApp("sqlite", {
      apolloPlugins: [counting],
      env: { API_RATE_LIMITS: "anonymous=100000/60,student=100000/60" },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Sends the same query REPEATS times, one after another; returns every answer and what the plugin saw meanwhile. */
  const repeat = async (query: string, token?: string) => {
    const before = { ...seen };
    const answers: GqlResult[] = [];
    for (let i = 0; i < REPEATS; i++) answers.push(await t.gql(query, undefined, token));
    return { answers, requests: seen.requests - before.requests, executions: seen.executions - before.executions };
  };

  it("shows a plugin each of 1,000 identical queries, each executed", async () => {
    const { user } = await t.createUser({ name: "Pipeline Climber" });
    await ledgerWrites(t.app.services).reward(user.id, 5, "Seed", "pipeline-1");
    // The leaderboard: the public read a response cache answered before; now its service's snapshot is the only cache.
    const { answers, requests, executions } = await repeat(
      "query Board { leaderboard(first: 10) { edges { node { userId skillCoins } } } }",
    );
    expect([requests, executions]).toEqual([REPEATS, REPEATS]);
    expect(answers[0].status).toBe(200);
    expect(answers[0].data.leaderboard.edges).toContainEqual({ node: { userId: user.id, skillCoins: 5 } });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
  });

  it("formats a resolver's error with formatError on the 1,000th request as on the first", async () => {
    const { token } = await t.createUser({ name: "Pipeline Counter" });
    const failing = vi.spyOn(t.app.services.notifications, "countFor").mockRejectedValue(new Error("SELECT secret FROM users"));
    const logged = vi.spyOn(t.app.services.deps.logger, "error");
    let run: Awaited<ReturnType<typeof repeat>>;
    try {
      run = await repeat("query Count { notificationCount }", token);
    } finally {
      failing.mockRestore();
    }
    const calls = logged.mock.calls;
    logged.mockRestore();
    expect([run.requests, run.executions]).toEqual([REPEATS, REPEATS]);
    // clientError (Apollo's formatError): the driver's text never reaches the client, a generic error with its path does.
    const masked = {
      status: 200,
      data: null,
      errors: [{ message: "Something went wrong", path: ["notificationCount"], extensions: { code: "INTERNAL_SERVER_ERROR" } }],
    };
    expect(run.answers[0]).toEqual(masked);
    expect(run.answers[REPEATS - 1]).toEqual(masked);
    for (const answer of run.answers) expect(answer).toEqual(masked);
    // ...and logs the original error, once per request: formatError ran for every one of them.
    expect(calls).toHaveLength(REPEATS);
    for (const call of [calls[0], calls[REPEATS - 1]]) {
      expect(call).toEqual([{ err: expect.objectContaining({ message: "SELECT secret FROM users" }) }, "GraphQL resolver failed"]);
    }
  });
});
