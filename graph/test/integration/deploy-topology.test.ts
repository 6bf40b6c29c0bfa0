/**
 * docs/deploy.md's topology without containers (none run here): the compiled server started twice
 * with its production start command (`node dist/server/main.js`, NODE_ENV=production), sharing one
 * MariaDB database and Redis, behind real nginx running the committed deploy/nginx/skill-exchange.conf
 * (only its listen port changed; the upstream list names the two local instances). Through the
 * proxy: /healthz, a sign-in, a GraphQL query, and a subscription over the WebSocket upgrade that
 * receives a message sent through the other instance. Needs MariaDB, Redis and nginx (.ci/run
 * installs nginx-light).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createClient } from "graphql-ws";
import { afterAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { generateVapidKeys } from "../../src/config.js";
import { hashPassword } from "../../src/modules/accounts/passwords.js";
import { User } from "../../src/modules/accounts/user.entity.js";
import { LOGIN } from "../accounts.js";
import { chatPair, MESSAGE_ADDED, SEND } from "../chat.js";
import { eventually } from "../eventually.js";
import { startTestApp, subscribe } from "../harness.js";
import { buildServer } from "../../../scripts/build-server.mjs";
import { freePort } from "./server-process.js";

const root = path.resolve(import.meta.dirname, "../../..");
const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => existsSync(p));
const ready = Boolean(process.env.TEST_MYSQL_URL && process.env.TEST_REDIS_URL && NGINX);
const outDir = path.join(root, "dist/server-test", `topology-${process.pid}`);

async function gql(url: string, query: string, variables?: Record<string, unknown>, token?: string) {
  const res = await fetch(`${url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as { data?: any; errors?: Array<{ message: string }> };
}

async function metric(url: string, name: string): Promise<number> {
  const text = await (await fetch(url)).text();
  const line = text.split("\n").find((l) => l.startsWith(`${name} `));
  return Number(line?.split(" ")[1] ?? NaN);
}

describe.skipIf(!ready)("two production instances behind nginx, sharing MariaDB and Redis", () => {
  const children: Array<{ child: ChildProcess; exited: Promise<number | null> }> = [];
  afterAll(() => {
    for (const { child } of children) if (child.exitCode === null) child.kill("SIGKILL");
    rmSync(outDir, { recursive: true, force: true });
  });

  it("serves /healthz, a sign-in, a query and a cross-instance subscription through the proxy's WebSocket upgrade", async () => {
    const entry = path.join(outDir, "main.js");
    await buildServer(entry);

    // The database (migrated) and a chat between two students, made through the services.
    const seed = await startTestApp("mysql");
    const { a, b } = await chatPair(seed);
    // Passwords to sign in with (the seed's tokens carry its test clock's date, long expired for real instances).
    const hash = await hashPassword("topology-secret-1");
    await seed.dataSource.getRepository(User).update({ id: a.id }, { passwordHash: hash });
    await seed.dataSource.getRepository(User).update({ id: b.id }, { passwordHash: hash });
    const databaseUrl = (seed.config.database as { url: string }).url;

    // Production with DATABASE_URL requires the Web Push key pair, the same on every instance.
    const vapid = generateVapidKeys();
    const instance = async () => {
      const port = await freePort();
      const metricsPort = await freePort();
      const { DATABASE_URL: _d, JWT_SECRET: _j, DATA_DIR: _a, ...env } = process.env;
      const child = spawn(process.execPath, [entry], {
        cwd: root,
        env: {
          ...env,
          NODE_ENV: "production",
          PORT: String(port),
          DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "sx-instance-")),
          DATABASE_URL: databaseUrl,
          REDIS_URL: process.env.TEST_REDIS_URL!,
          JWT_SECRET: seed.config.jwtSecret,
          VAPID_PUBLIC_KEY: vapid.publicKey,
          VAPID_PRIVATE_KEY: vapid.privateKey,
          METRICS_PORT: String(metricsPort),
          LOG_LEVEL: "warn",
        },
        stdio: "ignore",
      });
      const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
      children.push({ child, exited });
      await eventually(async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).ok, "instance ready", 60_000);
      return { url: `http://127.0.0.1:${port}`, metrics: `http://127.0.0.1:${metricsPort}/metrics`, child, exited };
    };
    // One after the other, as a rolling start does (the first applies pending migrations).
    const one = await instance();
    const two = await instance();

    // nginx with the committed site file; only the listen port and the upstream addresses are the test's.
    const prefix = mkdtempSync(path.join(os.tmpdir(), "sx-nginx-"));
    const proxyPort = await freePort();
    const site = readFileSync(path.join(root, "deploy/nginx/skill-exchange.conf"), "utf8");
    expect(site).toMatch(/^\s*listen 80;$/m);
    writeFileSync(path.join(prefix, "site.conf"), site.replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${proxyPort};`));
    writeFileSync(
      path.join(prefix, "upstream.conf"),
      `upstream skill_exchange {\n${[one, two].map((i) => `    server ${new URL(i.url).host} max_fails=3 fail_timeout=10s;`).join("\n")}\n    keepalive 32;\n}\n`,
    );
    for (const dir of ["logs", "tmp"]) mkdirSync(path.join(prefix, dir));
    writeFileSync(
      path.join(prefix, "nginx.conf"),
      [
        process.getuid?.() === 0 ? "user root;" : "",
        "worker_processes 1;",
        "daemon off;",
        `pid ${prefix}/nginx.pid;`,
        `error_log ${prefix}/logs/error.log warn;`,
        "events { worker_connections 256; }",
        "http {",
        "  access_log off;",
        ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((k) => `  ${k}_temp_path ${prefix}/tmp/${k};`),
        `  include ${prefix}/upstream.conf;`,
        `  include ${prefix}/site.conf;`,
        "}",
      ].join("\n"),
    );
    const nginx = spawn(NGINX!, ["-p", prefix, "-c", path.join(prefix, "nginx.conf")], { stdio: ["ignore", "ignore", "pipe"] });
    let nginxErr = "";
    nginx.stderr.on("data", (d: Buffer) => (nginxErr += d));
    const nginxExited = new Promise((resolve) => nginx.once("exit", resolve));
    const proxy = `http://127.0.0.1:${proxyPort}`;
    try {
      await eventually(async () => (await fetch(`${proxy}/healthz`)).ok, `nginx up (${nginxErr})`, 30_000);
      expect(await (await fetch(`${proxy}/healthz`)).json()).toMatchObject({ status: "ok" });
      // /metrics is not public through the proxy; each instance serves its own on METRICS_PORT.
      expect((await fetch(`${proxy}/metrics`)).status).toBe(404);

      const login = await gql(proxy, LOGIN, { input: { email: a.user.email, password: "topology-secret-1" } });
      expect(login.errors).toBeUndefined();
      const token = login.data.login.token as string;
      expect((await gql(proxy, "query Viewer { viewerId }", {}, token)).data).toEqual({ viewerId: a.id });

      // b subscribes through the proxy (WebSocket upgrade); the message is sent through the other instance.
      const bLogin = await gql(proxy, LOGIN, { input: { email: b.user.email, password: "topology-secret-1" } });
      const client = createClient({
        url: `${proxy.replace("http", "ws")}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: { authorization: `Bearer ${bLogin.data.login.token}` },
        retryAttempts: 0,
      });
      try {
        const live = subscribe(client, MESSAGE_ADDED, { chatWith: a.id });
        const holder = await eventually(async () => {
          for (const i of [one, two]) if ((await metric(i.metrics, "graphql_ws_subscriptions_active")) === 1) return i;
          return null;
        }, "the subscription is live on one instance");
        const other = holder === one ? two : one;
        const sent = await gql(other.url, SEND, { chatWith: b.id, body: "through the other instance" }, token);
        expect(sent.errors).toBeUndefined();
        expect((await live.next()).data.messageAdded).toMatchObject({ body: "through the other instance", fromUserId: a.id });
      } finally {
        await client.dispose();
      }
    } finally {
      nginx.kill("SIGTERM");
      await nginxExited;
      for (const i of [one, two]) i.child.kill("SIGTERM");
      // Both stop cleanly on SIGTERM (docs/deploy.md's rolling restart).
      expect(await Promise.all([one.exited, two.exited])).toEqual([0, 0]);
      await seed.close();
    }
  }, 240_000);
});
