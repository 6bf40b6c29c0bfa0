/**
 * Integration test harness: a real server on a real database over real HTTP.
 * SQLite always; MariaDB too when TEST_MYSQL_URL is set (a fresh database per app,
 * created here and dropped on close). A fresh database is a copy of the run's migrated template
 * (global-setup.ts) where there is one, or migrated here.
 */
import "reflect-metadata";
import { randomBytes } from "node:crypto";
import { copyFileSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createConnection } from "mysql2/promise";
import type { DataSource } from "typeorm";
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import { type AppOptions, startApp, type RunningApp } from "../src/app.js";
import { type Config, loadConfig } from "../src/config.js";
import { openDatabase } from "../src/db/data-source.js";
import { User } from "../src/modules/accounts/user.entity.js";
import { allEntities } from "../src/modules/index.js";
import { ManualClock } from "../src/shared/clock.js";
import { newId } from "../src/shared/ids.js";
import type { DatabaseTemplates } from "./global-setup.js";
import { restContract, watchRestAnswers } from "./rest-contract.js";

export type DbTarget = "sqlite" | "mysql";

/** The databases every integration suite runs on. */
export const dbTargets: DbTarget[] = process.env.TEST_MYSQL_URL ? ["sqlite", "mysql"] : ["sqlite"];

export interface TestAppOptions {
  clock?: ManualClock;
  env?: Record<string, string>;
  /** Reuse another app's database (e.g. two instances behind one Redis). */
  shareDatabaseWith?: TestApp;
  /** Folder served as the built web app (default: a missing folder, so no pages). */
  webDist?: string;
  /** Apollo plugins added after the app's own (AppOptions.apolloPlugins), to observe the GraphQL pipeline. */
  apolloPlugins?: AppOptions["apolloPlugins"];
  /** Run the committed migrations on the new database instead of copying the run's migrated template. */
  migrate?: boolean;
  /** Fastify hooks of the test's own, added before the REST contract's (AppOptions.observeHttp): what they change, it sees. */
  observeHttp?: AppOptions["observeHttp"];
}

export interface GqlResult<T = any> {
  status: number;
  data?: T;
  errors?: Array<{ message: string; extensions?: { code?: string; [k: string]: unknown } }>;
}

export interface TestApp {
  app: RunningApp;
  url: string;
  target: DbTarget;
  config: Config;
  clock: ManualClock;
  dataSource: DataSource;
  gql<T = any>(query: string, variables?: Record<string, unknown>, token?: string | null): Promise<GqlResult<T>>;
  rest<T = any>(
    method: string,
    path: string,
    opts?: { body?: unknown; token?: string | null; headers?: Record<string, string> },
  ): Promise<{ status: number; body: T; headers: Headers }>;
  /** Inserts a student directly (no password hashing cost; a verified address unless overridden) and returns a valid token for them. */
  createUser(overrides?: Partial<User>): Promise<{ user: User; token: string }>;
  wsClient(token?: string | null): Client;
  close(): Promise<void>;
}

/** The run's migrated templates (global-setup.ts): only inside Vitest's server project. */
async function databaseTemplates(): Promise<DatabaseTemplates | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import("vitest");
  return inject("databaseTemplates");
}

/** Where a test app's DATA_DIR goes: under the run's folder (global-setup.ts removes it at teardown), else the system's temp folder. */
async function appDataRoot(): Promise<string> {
  if (!process.env.VITEST) return os.tmpdir();
  const { inject } = await import("vitest");
  return inject("appDataRoot") ?? os.tmpdir();
}

/**
 * An empty MariaDB database of its own, or with `template` (global-setup.ts) the migrated tables
 * and the migrations' rows in it.
 */
export async function createMysqlDatabase(
  server = process.env.TEST_MYSQL_URL!,
  template?: DatabaseTemplates["mysql"],
): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = new URL(server.replace(/^mariadb:/, "mysql:"));
  const name = `${template?.prefix ?? "sxt_"}${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  base.pathname = "";
  const admin = await createConnection({ uri: base.toString().replace(/\/$/, ""), multipleStatements: Boolean(template) });
  try {
    await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    if (template) {
      // One round trip; the foreign keys refer to tables created later in the list.
      await admin.query(`USE \`${name}\`; SET FOREIGN_KEY_CHECKS = 0; ${template.tables.join(";\n")}; SET FOREIGN_KEY_CHECKS = 1`);
      if (template.migrations.length)
        await admin.query("INSERT INTO migrations (id, timestamp, name) VALUES ?", [
          template.migrations.map((m) => [m.id, m.timestamp, m.name]),
        ]);
    }
  } finally {
    await admin.end();
  }
  base.pathname = `/${name}`;
  return {
    url: base.toString(),
    drop: async () => {
      const c = await createConnection(base.toString().replace(/\/[^/]*$/, ""));
      await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await c.end();
    },
  };
}

export async function startTestApp(target: DbTarget = "sqlite", opts: TestAppOptions = {}): Promise<TestApp> {
  const clock = opts.clock ?? new ManualClock(new Date("2026-01-05T09:00:00Z"));
  const dataDir = mkdtempSync(path.join(await appDataRoot(), "sx-test-"));
  let drop: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  if (opts.shareDatabaseWith) {
    databaseUrl = opts.shareDatabaseWith.config.database.kind === "mysql" ? opts.shareDatabaseWith.config.database.url : undefined;
  } else if (target === "mysql") {
    const template = opts.migrate ? undefined : (await databaseTemplates())?.mysql;
    const db = await createMysqlDatabase(undefined, template);
    databaseUrl = db.url;
    // A template's database is dropped without waiting (global-setup.ts drops what a run leaves).
    drop = template ? async () => void db.drop().catch(() => undefined) : db.drop;
  }
  const config = loadConfig({
    NODE_ENV: "test",
    PORT: "0",
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString("hex"),
    DEMO_DATA: "off",
    // Scheduled jobs run when a test calls runDue with its clock, never on a timer.
    JOBS_TICK_SECONDS: "0",
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    // The outbox worker runs on commits and when a test drains it, never on a timer: two instances on
    // one SQLite file share this process's thread, and a write that meets the other connection's open
    // transaction busy-waits synchronously, so that transaction could never reach its COMMIT
    // ("database is locked") if a timer opened it at a random moment.
    OUTBOX_POLL_SECONDS: "0",
    ...opts.env,
  });
  if (opts.shareDatabaseWith && !databaseUrl) {
    // Same SQLite file and the same signing secret as the other instance.
    Object.assign(config, { database: opts.shareDatabaseWith.config.database, jwtSecret: opts.shareDatabaseWith.config.jwtSecret });
  } else if (opts.shareDatabaseWith) {
    Object.assign(config, { jwtSecret: opts.shareDatabaseWith.config.jwtSecret });
  }
  const sqliteTemplate = !opts.migrate && !opts.shareDatabaseWith && !opts.env?.DATABASE_URL && (await databaseTemplates())?.sqliteFile;
  if (config.database.kind === "sqlite" && sqliteTemplate) copyFileSync(sqliteTemplate, config.database.file);
  // Nothing left to migrate on a copied template: openDatabase finds every migration applied.
  const dataSource = await openDatabase(config.database, { entities: allEntities });
  const app = await startApp(config, {
    clock,
    dataSource,
    webDist: opts.webDist ?? path.join(dataDir, "no-web"),
    apolloPlugins: opts.apolloPlugins,
    observeHttp: (fastify) => {
      opts.observeHttp?.(fastify);
      // Under Vitest every /api answer is checked against the OpenAPI document (rest-contract.setup.ts fails the test).
      if (process.env.VITEST) watchRestAnswers(fastify);
    },
  });
  if (process.env.VITEST) await restContract.load(app.url);
  // A second instance's startup pass (due rows, the prune transaction) is over before the test goes on.
  if (opts.shareDatabaseWith && !databaseUrl) await app.services.outbox.drain();

  const gql: TestApp["gql"] = async (query, variables, token) => {
    const res = await fetch(`${app.url}/graphql`, {
      method: "POST",
      // What Apollo Client sends: request errors answer 4xx (application/json would get 200).
      headers: {
        "content-type": "application/json",
        accept: "application/graphql-response+json,application/json;q=0.9",
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await res.json()) as GqlResult;
    return { status: res.status, data: body.data, errors: body.errors };
  };
  const rest: TestApp["rest"] = async (method, p, o = {}) => {
    const res = await fetch(`${app.url}/api${p}`, {
      method,
      headers: {
        ...(o.body !== undefined ? { "content-type": "application/json" } : {}),
        ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
        ...o.headers,
      },
      body: o.body !== undefined ? JSON.stringify(o.body) : undefined,
    });
    const text = await res.text();
    let body: any = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body, headers: res.headers };
  };
  let seq = 0;
  const createUser: TestApp["createUser"] = async (overrides = {}) => {
    seq++;
    const n = `${String(10 + (seq % 90)).padStart(2, "0")}z${String(100 + seq).slice(-3)}`;
    const name = overrides.name ?? `Student ${seq} ${randomBytes(2).toString("hex")}`;
    const user = dataSource.getRepository(User).create({
      id: newId(),
      name,
      nameKey: name.toLowerCase(),
      email: `${n}${randomBytes(2).toString("hex")}@psgtech.ac.in`,
      passwordHash: "not-a-real-hash",
      tokenVersion: 0,
      gender: null,
      image: null,
      amount: 0,
      days: 0,
      ratingSum: 0,
      ratingCount: 0,
      ratingAvg: 0,
      createdAt: clock.now(),
      emailVerifiedAt: clock.now(),
      visible: true,
      ...overrides,
    });
    await dataSource.getRepository(User).insert(user);
    // A stand-in for registration, which tells the leaderboard (its ranking values may be set here).
    app.services.coins.leaderboard.changedOutside();
    const token = await app.services.auth.issueToken(user);
    return { user, token };
  };
  const clients: Client[] = [];
  const wsClient = (token?: string | null) => {
    const c = createClient({
      url: `${app.url.replace("http", "ws")}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: token ? { authorization: `Bearer ${token}` } : {},
      retryAttempts: 0,
      lazy: true,
    });
    clients.push(c);
    return c;
  };
  return {
    app,
    url: app.url,
    target,
    config,
    clock,
    dataSource,
    gql,
    rest,
    createUser,
    wsClient,
    async close() {
      await Promise.allSettled(clients.map((c) => c.dispose()));
      await app.close();
      await dataSource.destroy();
      await drop?.();
    },
  };
}

/** Collects the events of one subscription; `next()` resolves with the next event (no timers). */
export function subscribe<T = any>(client: Client, query: string, variables?: Record<string, unknown>) {
  const queue: T[] = [];
  const waiters: Array<(v: T) => void> = [];
  let error: unknown;
  let errorWaiters: Array<(e: unknown) => void> = [];
  const dispose = client.subscribe<T>(
    { query, variables },
    {
      next: (v) => {
        const w = waiters.shift();
        if (w) w(v as T);
        else queue.push(v as T);
      },
      error: (e) => {
        error = e;
        errorWaiters.forEach((f) => f(e));
        errorWaiters = [];
      },
      complete: () => {},
    },
  );
  return {
    next: () =>
      new Promise<T>((resolve, reject) => {
        if (error) return reject(error);
        const v = queue.shift();
        if (v !== undefined) return resolve(v);
        waiters.push(resolve);
        errorWaiters.push(reject);
      }),
    received: () => [...queue],
    dispose,
  };
}
