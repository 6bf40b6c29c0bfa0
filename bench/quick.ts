/**
 * Load scenarios on loopback against a real server on SQLite (MariaDB when BENCH_MYSQL_URL is
 * set). Each scenario runs beside a baseline (`{ __typename }` through the same stack) in the
 * same process, and the report prints throughput and the ratio to that baseline, so numbers
 * from different machines compare. Bounded: a fixed number of requests per scenario.
 *   npm run bench            (BENCH_USERS=2000 BENCH_REQUESTS=2000 BENCH_CONCURRENCY=16 to change)
 */
import "reflect-metadata";
import { startTestApp } from "../graph/test/harness.js";
import { filledStudent } from "../graph/test/profiles.js";

const USERS = Number(process.env.BENCH_USERS ?? 1500);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1500);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const SKILLS = ["Python", "React", "Guitar", "Chess", "Calculus", "Photography", "Yoga", "Public Speaking", "Java", "Tamil"];

if (process.env.BENCH_MYSQL_URL) process.env.TEST_MYSQL_URL = process.env.BENCH_MYSQL_URL;
// Thousands of calls a minute from one address and a few students: counted, never refused.
const t = await startTestApp(process.env.BENCH_MYSQL_URL ? "mysql" : "sqlite", {
  env: { API_RATE_LIMITS: "anonymous=1000000000/60,student=1000000000/60" },
});
try {
  console.log(`seeding ${USERS} students on ${t.target}...`);
  const students: Array<{ token: string }> = [];
  for (let i = 0; i < USERS; i++) {
    const s = await filledStudent(t, {
      known: [SKILLS[i % SKILLS.length], SKILLS[(i * 7 + 3) % SKILLS.length]],
      required: [SKILLS[(i * 3 + 1) % SKILLS.length]],
      overrides: { ratingSum: (i * 37) % 50, ratingCount: 10, ratingAvg: ((i * 37) % 50) / 10 },
    });
    if (i < 50) students.push(s);
  }

  const post = (body: unknown, token?: string) =>
    fetch(`${t.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }).then(async (r) => {
      if (!r.ok) throw new Error(`HTTP ${r.status}: ${await r.text()}`);
      const json = (await r.json()) as { errors?: unknown[] };
      if (json.errors) throw new Error(JSON.stringify(json.errors));
    });

  const scenarios: Record<string, (i: number) => Promise<unknown>> = {
    "baseline { __typename }": () => post({ query: "{ __typename }" }),
    "leaderboard(first: 100)": () => post({ query: "{ leaderboard(first: 100) { __typename } }" }),
    "GET /api/leaderboard": () => fetch(`${t.url}/api/leaderboard`).then((r) => r.arrayBuffer()),
    "feed(first: 20)": (i) =>
      post({ query: "{ feed(first: 20) { edges { node { id name } } pageInfo { hasNextPage } } }" }, students[i % students.length].token),
    "searchUsers(skill)": (i) =>
      post(
        { query: `{ searchUsers(query: "${SKILLS[i % SKILLS.length].slice(0, 3)}", filter: SKILLS_KNOWN) { edges { node { id } } } }` },
        students[i % students.length].token,
      ),
  };

  async function run(fn: (i: number) => Promise<unknown>): Promise<number> {
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < REQUESTS) await fn(next++);
      }),
    );
    return REQUESTS / ((performance.now() - started) / 1000);
  }

  await run(scenarios["baseline { __typename }"]); // warm-up
  const results: Array<[string, number]> = [];
  for (const [name, fn] of Object.entries(scenarios)) results.push([name, await run(fn)]);
  const base = results[0][1];
  console.log(`\n${REQUESTS} requests per scenario, concurrency ${CONCURRENCY}, ${USERS} students, ${t.target}`);
  for (const [name, rps] of results)
    console.log(`${name.padEnd(28)} ${rps.toFixed(0).padStart(7)} req/s   ratio to baseline ${(rps / base).toFixed(2)}`);
} finally {
  await t.close();
}
