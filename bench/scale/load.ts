/** A light keep-alive HTTP load generator: bounded request count, fixed concurrency, per-request latency. */
import http from "node:http";

export interface Req {
  method: "GET" | "POST";
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

export interface LoadResult {
  rps: number;
  /** Milliseconds from the first request sent to the last answer. */
  ms: number;
  /** Milliseconds, one per request. */
  latencies: number[];
}

const agents = new Map<number, http.Agent>();
function agentFor(port: number, concurrency: number): http.Agent {
  let a = agents.get(port);
  if (!a) agents.set(port, (a = new http.Agent({ keepAlive: true, maxSockets: concurrency })));
  return a;
}

export function send(port: number, r: Req, concurrency = 16): Promise<{ status: number; body: string }> {
  return sendOnce(port, r, concurrency).catch((e: NodeJS.ErrnoException & { reusedSocket?: boolean }) => {
    // A kept-alive socket the server closed for idleness (node's 5 s keep-alive) just as it was
    // reused: the request never reached the server, so it is sent again, as node's docs advise.
    if (e.reusedSocket && e.code === "ECONNRESET") return sendOnce(port, r, concurrency);
    throw e;
  });
}

function sendOnce(port: number, r: Req, concurrency: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...r.headers };
    if (r.body !== undefined) {
      headers["content-type"] = "application/json";
      headers["content-length"] = String(Buffer.byteLength(r.body));
    }
    const req = http.request(
      { host: "127.0.0.1", port, method: r.method, path: r.path, headers, agent: agentFor(port, concurrency) },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    req.setTimeout(60_000, () => req.destroy(new Error(`timeout: ${r.method} ${r.path}`)));
    req.on("error", (e: NodeJS.ErrnoException & { reusedSocket?: boolean }) => {
      e.reusedSocket = req.reusedSocket;
      reject(e);
    });
    req.end(r.body);
  });
}

/** Sends `total` requests (request i is `make(i)`), `concurrency` at a time; fails on any non-200 or GraphQL error. */
export async function load(port: number, make: (i: number) => Req, total: number, concurrency: number): Promise<LoadResult> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const r = make(next++);
        const t0 = performance.now();
        const res = await send(port, r, concurrency);
        latencies.push(performance.now() - t0);
        if (res.status !== 200 || res.body.startsWith('{"errors"'))
          throw new Error(`${r.method} ${r.path}: HTTP ${res.status} ${res.body.slice(0, 300)}`);
      }
    }),
  );
  const ms = performance.now() - started;
  return { rps: total / (ms / 1000), ms, latencies };
}

export function quantile(values: number[], q: number): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
}

export const median = (v: number[]) => quantile(v, 0.5);

/** One side of an alternating measurement: where its requests go, and what CPU it is charged. */
export interface Side {
  port: number;
  make: (i: number) => Req;
  /** CPU ms so far of the side's server and of the database, read before and after each of its runs (bench/scale/requests.ts `cpuMs`). */
  cpu?: () => { server: number; db: number };
}

/** One side's round: requests, milliseconds spent sending them, CPU ms of its server and of the database. */
export interface SideRound {
  n: number;
  ms: number;
  server: number;
  db: number;
}

/**
 * Two sides measured in the same rounds: each round is `slices` short runs of each side at
 * `concurrency`, alternating (a b b a a b ...), `requests / slices` requests a run. Load that comes
 * and goes on a shared machine then falls on both sides alike, where one long run of each met
 * whatever the machine was doing during its own half-second. Each side's round sums its runs.
 */
export async function alternate(
  sides: [Side, Side],
  o: { rounds: number; requests: number; slices: number; concurrency: number },
): Promise<{ rounds: Array<[SideRound, SideRound]>; latencies: [number[], number[]] }> {
  const latencies: [number[], number[]] = [[], []];
  const rounds: Array<[SideRound, SideRound]> = [];
  const slice = Math.ceil(o.requests / o.slices);
  for (let round = 0; round < o.rounds; round++) {
    const tally: [SideRound, SideRound] = [
      { n: 0, ms: 0, server: 0, db: 0 },
      { n: 0, ms: 0, server: 0, db: 0 },
    ];
    const run = async (s: 0 | 1) => {
      const before = sides[s].cpu?.();
      const r = await load(sides[s].port, sides[s].make, slice, o.concurrency);
      const after = sides[s].cpu?.();
      if (before && after) {
        tally[s].server += after.server - before.server;
        tally[s].db += after.db - before.db;
      }
      tally[s].n += slice;
      tally[s].ms += r.ms;
      latencies[s].push(...r.latencies);
    };
    for (let k = 0; k < o.slices; k++) {
      // Alternate which side goes first, so neither always meets a warmer machine.
      const first = (round + k) % 2 === 0 ? 0 : 1;
      await run(first);
      await run(first === 0 ? 1 : 0);
    }
    rounds.push(tally);
  }
  return { rounds, latencies };
}
