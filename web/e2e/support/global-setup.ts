/**
 * Builds the web app and the server once and starts one real server per worker for the browser suites
 * (the compiled server, the built web app, a fresh SQLite database in a temp folder, no demo data, the E2E clock hook) and
 * one Chromium they all connect to. A worker's files run one after another against its own server,
 * so a file that moves the server's clock moves only its own worker's.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { CHROMIUM, CHROMIUM_ARGS } from "./chromium.js";
import { buildServer } from "../../../scripts/build-server.mjs";

const root = path.resolve(import.meta.dirname, "../../..");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

/** One server (the compiled `entry`) on a free port with a data folder of its own; resolves once /healthz answers. */
async function startServer(entry: string): Promise<{ server: ChildProcess; baseURL: string; dataDir: string }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "sx-e2e-"));
  // node itself (not npx) so that SIGTERM at teardown reaches the server, not a wrapper.
  const server = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_DATA: "off",
      E2E_HOOKS: "on",
      // Scheduled jobs run only when a test asks (runServerJobs): a suite that moves the clock days ahead
      // must not have the timer expire another suite's requests meanwhile.
      JOBS_TICK_SECONDS: "0",
      // The moderation suite registers this address (support/students.ts OPERATOR_EMAIL).
      OPERATOR_EMAILS: "90z900@psgtech.ac.in",
      // Every browser suite signs students up from 127.0.0.1; the per-IP limits are tested on their own.
      RATE_LIMITS: "register_ip=100000/3600,login_ip=100000/900,forgot_ip=100000/3600,contact_ip=100000/3600",
      // The same address for every signed-out call of every suite on this server; a student's budget stays the default.
      API_RATE_LIMITS: "anonymous=100000/60",
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      const r = await fetch(`${baseURL}/healthz`);
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    if (server.exitCode !== null) throw new Error("server exited during start-up");
    if (i > 600) throw new Error("server did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
  return { server, baseURL, dataDir };
}

async function stop(server: ChildProcess) {
  if (server.exitCode !== null) return;
  const exited = new Promise((r) => server.once("exit", r));
  server.kill("SIGTERM");
  await exited;
}

export default async function setup(project: TestProject) {
  if (!process.env.E2E_SKIP_BUILD || !existsSync(path.join(root, "dist/web/index.html"))) {
    // The build that ships (React's production bundle), whatever NODE_ENV vitest set.
    execFileSync(process.execPath, [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
  }
  // The servers run the compiled server (scripts/build-server.mjs, what `npm start` runs), built for
  // this run: each starts on a quarter of the CPU that tsx on graph/src/main.ts takes.
  const serverDir = path.join(root, "dist/server-test", `e2e-${process.pid}`);
  await buildServer(path.join(serverDir, "main.js"));
  // One server per worker (VITEST_POOL_ID picks it, support/browser.ts), started side by side.
  const workers = Math.max(1, project.config.maxWorkers || 1);
  const [browserServer, ...started] = await Promise.all([
    chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS }),
    ...Array.from({ length: workers }, () => startServer(path.join(serverDir, "main.js"))),
  ]);
  project.provide(
    "servers",
    started.map(({ baseURL, dataDir }) => ({ baseURL, dataDir })),
  );
  project.provide("browserWSEndpoint", browserServer.wsEndpoint());
  return async () => {
    await Promise.all([browserServer.close(), ...started.map(({ server }) => stop(server))]);
    rmSync(serverDir, { recursive: true, force: true });
    // The servers' data (database, outbox, uploads): a run leaves nothing in the system's temp folder.
    for (const { dataDir } of started) rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The browser suites' servers, one per worker. */
    servers: Array<{ baseURL: string; dataDir: string }>;
    /** The Chromium every browser suite connects to (support/browser.ts launch). */
    browserWSEndpoint: string;
  }
}
