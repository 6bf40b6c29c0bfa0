/**
 * A real server process (the compiled server, see compiledServer) on a free port, for tests that
 * signal or kill it. Start-up is awaited by its /healthz answering; the exit by its exit event,
 * never by a timer.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { inject } from "vitest";
import { eventually } from "../eventually.js";
import { buildServer } from "../../../scripts/build-server.mjs";

const root = path.resolve(import.meta.dirname, "../../..");

/**
 * The compiled server (scripts/build-server.mjs: what `npm start` and the Docker image run), built once
 * per run by the first test that asks, into this run's folder under dist/server-test (global-setup.ts
 * names it and removes it); another worker asking meanwhile waits for that build. A process of it
 * starts on a quarter of the CPU that `tsx graph/src/main.ts` needs (1.3 s against 4.7 s here), and
 * the suites start some twenty.
 */
export async function compiledServer(): Promise<string> {
  const dir = inject("compiledServerDir");
  const entry = path.join(dir, "main.js");
  const built = path.join(dir, ".built");
  const failed = path.join(dir, ".failed");
  mkdirSync(path.dirname(dir), { recursive: true });
  let mine = false;
  try {
    mkdirSync(dir);
    mine = true;
  } catch (error) {
    // EEXIST: another worker builds it.
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  if (mine) {
    try {
      await buildServer(entry);
    } catch (error) {
      // Every worker waiting for this build (and every later call) fails with its error, not after the cap.
      writeFileSync(failed, String(error));
      throw error;
    }
    mkdirSync(built);
  }
  const outcome = await eventually(
    () => (existsSync(built) ? "built" : existsSync(failed) && "failed"),
    "the compiled server built",
    120_000,
  );
  if (outcome === "failed") throw new Error(`the compiled server did not build: ${readFileSync(failed, "utf8")}`);
  return entry;
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** The exit status (null when killed by a signal). */
  exited: Promise<number | null>;
  /** The tail of what it wrote to stderr. */
  stderr(): string;
}

/** A port free on 127.0.0.1 now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** `pipes`: stdout and stderr are pipes the caller reads (or closes); stderr is then not collected. */
export async function startServerProcess(env: Record<string, string>, opts: { pipes?: boolean } = {}): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [await compiledServer()], {
    cwd: root,
    env: { ...process.env, DEMO_DATA: "off", LOG_LEVEL: "warn", ...env, PORT: String(port) },
    stdio: opts.pipes ? ["ignore", "pipe", "pipe"] : ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  if (!opts.pipes) child.stderr!.on("data", (c: Buffer) => void (stderr = (stderr + c.toString()).slice(-4000)));
  let code: number | null | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (c) => {
      code = c;
      resolve(c);
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  await eventually(
    async () => {
      if (code !== undefined) throw new Error(`the server exited (${code}): ${stderr}`);
      return (await fetch(`${url}/healthz`)).ok;
    },
    "server up",
    120_000,
  );
  return { child, url, exited, stderr: () => stderr };
}

/** Sends a contact message (one mail to CONTACT_TO through the outbox) carrying `marker`. */
export async function sendContactMail(url: string, marker: string): Promise<void> {
  const res = await fetch(`${url}/api/contact-mail`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "Fault test", email: "faults@psgtech.ac.in", msg: marker }),
  });
  if (!res.ok) throw new Error(`contact mail refused: ${res.status} ${await res.text()}`);
}
