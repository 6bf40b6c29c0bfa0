/**
 * Login under a burst (issue #17): /healthz latency while many concurrent sign-ins hash passwords
 * (argon2id), against /healthz latency on the idle server, in the same run. The compiled server
 * (production mode) on its embedded SQLite with students whose hashes come from the app's own
 * passwords.ts; `--concurrency` sign-ins at once, `--logins` in all per burst, `--bursts` bursts
 * alternating with idle phases. A probe sends one GET /healthz every 5 ms, one at a time.
 *   npm run bench:login -- --concurrency 32 --logins 200
 */
import "reflect-metadata";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../graph/src/config.js";
import { openDatabase } from "../graph/src/db/data-source.js";
import { allEntities } from "../graph/src/modules/index.js";
import { User } from "../graph/src/modules/accounts/user.entity.js";
import { hashPassword } from "../graph/src/modules/accounts/passwords.js";
import { newId } from "../graph/src/shared/ids.js";
import { compiledServer, startChild } from "./support/servers.js";
import { intFlag, median, ms, p99, ratio, table } from "./support/stats.js";

const CONCURRENCY = intFlag("concurrency", 32);
const LOGINS = intFlag("logins", 200);
const BURSTS = intFlag("bursts", 3);
const STUDENTS = 50;
const PASSWORD = "bench-password-1234";
const LOGIN = `mutation Login($input: LoginInput!) { login(input: $input) { token } }`;

const dataDir = mkdtempSync(path.join(os.tmpdir(), "sx-login-"));
const config = loadConfig({ DATA_DIR: dataDir, DEMO_DATA: "off", JWT_SECRET: "x".repeat(48) });
const ds = await openDatabase(config.database, { entities: allEntities });
const hash = await hashPassword(PASSWORD);
const emails = Array.from({ length: STUDENTS }, (_, i) => `l${i}z${100 + i}@psgtech.ac.in`);
await ds
  .createQueryBuilder()
  .insert()
  .into(User)
  .values(
    emails.map((email, i) => ({
      id: newId(),
      name: `Login ${i}`,
      nameKey: `login ${i}`,
      email,
      passwordHash: hash,
      createdAt: new Date(),
      emailVerifiedAt: new Date(),
    })),
  )
  .execute();
await ds.destroy();

const server = await startChild([await compiledServer()], {
  NODE_ENV: "production",
  DATA_DIR: dataDir,
  DEMO_DATA: "off",
  LOG_LEVEL: "warn",
  REDIS_URL: "",
  DATABASE_URL: "",
  JWT_SECRET: "x".repeat(48),
  // One client address signs in many times: this measures hashing, not the limits.
  RATE_LIMITS: "login_ip=1000000/900,login_account=1000000/900",
  API_RATE_LIMITS: "anonymous=1000000000/60",
});

/** GET /healthz one at a time every 5 ms until `until` resolves (or `count` probes). */
async function probe(until: Promise<unknown> | null, count: number): Promise<number[]> {
  let done = false;
  void until?.then(() => (done = true));
  const times: number[] = [];
  for (let i = 0; (until ? !done : i < count) && i < 100_000; i++) {
    const t = performance.now();
    const r = await fetch(`${server.url}/healthz`);
    await r.arrayBuffer();
    times.push(performance.now() - t);
    await new Promise((res) => setTimeout(res, 5));
  }
  return times;
}

async function burst(): Promise<{ took: number; failed: number; latencies: number[] }> {
  let next = 0;
  let failed = 0;
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < LOGINS) {
        const i = next++;
        const t = performance.now();
        const r = await fetch(`${server.url}/graphql`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ query: LOGIN, variables: { input: { email: emails[i % STUDENTS], password: PASSWORD } } }),
        });
        const body = (await r.json()) as { data?: { login?: { token?: string } } };
        if (!body.data?.login?.token) failed++;
        latencies.push(performance.now() - t);
      }
    }),
  );
  return { took: performance.now() - started, failed, latencies };
}

try {
  await probe(null, 50); // warm-up
  await burst();
  const idle: number[] = [];
  const busy: number[] = [];
  const logins: number[] = [];
  let failed = 0;
  const perSecond: number[] = [];
  for (let b = 0; b < BURSTS; b++) {
    idle.push(...(await probe(null, 200)));
    const run = burst();
    busy.push(...(await probe(run, 0)));
    const res = await run;
    failed += res.failed;
    logins.push(...res.latencies);
    perSecond.push(LOGINS / (res.took / 1000));
  }
  console.log(
    `\n${BURSTS} bursts of ${LOGINS} sign-ins, ${CONCURRENCY} at once (argon2id 19 MiB, t=2), ${os.availableParallelism()} cores`,
  );
  console.log(
    table([
      ["/healthz", "median", "p99", "probes"],
      ["idle", ms(median(idle)), ms(p99(idle)), idle.length],
      ["during the burst", ms(median(busy)), ms(p99(busy)), busy.length],
      ["ratio", ratio(median(busy), median(idle)), ratio(p99(busy), p99(idle)), ""],
    ]),
  );
  console.log(`sign-ins: median ${ms(median(logins))}, p99 ${ms(p99(logins))}, ${median(perSecond).toFixed(1)}/s, failed ${failed}`);
} finally {
  await server.stop();
}
