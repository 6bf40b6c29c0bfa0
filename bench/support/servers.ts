/**
 * Child servers for the benchmarks: the real app compiled once (dist/server/main.js, as `npm start`
 * runs it, in production mode) and the minimal baselines in bench/support/*.mjs. Only loopback.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { buildServer, SERVER_ENTRY, serverIsStale } from "../../scripts/build-server.mjs";

export const root = path.resolve(import.meta.dirname, "../..");

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.once("error", reject);
  });
}

/** Compiles the server when missing or stale (scripts/build-server.mjs) and returns its entry. */
export async function compiledServer(): Promise<string> {
  if (serverIsStale()) await buildServer();
  return SERVER_ENTRY;
}

/** Seconds of CPU (user + system) a process has used so far; /proc counts in USER_HZ ticks (100 a second on Linux). */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export interface Child {
  child: ChildProcess;
  url: string;
  port: number;
  /** Resident memory of the process, in MiB (VmRSS). */
  rssMiB(): number;
  stop(): Promise<void>;
}

export function rssMiB(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** Polls `probe` every `everyMs` until it is true; bounded by `timeoutMs`. */
export async function waitFor(
  probe: () => Promise<boolean>,
  what: string,
  timeoutMs = 60_000,
  everyMs = 20,
  failed?: () => Error | undefined,
): Promise<void> {
  const end = performance.now() + timeoutMs;
  while (performance.now() < end) {
    const error = failed?.();
    if (error) throw error;
    if (await probe().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Spawns `node <args>` with `env` on a free loopback port and waits for GET /healthz. */
export async function startChild(
  args: string[],
  env: Record<string, string>,
  opts: { port?: number; quiet?: boolean } = {},
): Promise<Child> {
  const port = opts.port ?? (await freePort());
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ["ignore", opts.quiet === false ? "inherit" : "ignore", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  let early: Error | undefined;
  child.once("exit", (code) => (early = new Error(`${args.join(" ")} exited with ${code}`)));
  await waitFor(
    async () => (await fetch(`${url}/healthz`)).ok,
    `${args.at(-1)} on ${url}`,
    60_000,
    20,
    () => early,
  );
  return {
    child,
    url,
    port,
    rssMiB: () => rssMiB(child.pid!),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
