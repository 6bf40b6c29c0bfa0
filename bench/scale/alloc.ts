/**
 * Bytes a read allocates per request in the app, by owner: V8's sampling heap profiler (through the
 * inspector), counting objects already collected too, while the app answers one read of the
 * community `npm run bench -- --students N` seeded. Allocation drives the garbage collector (about a
 * tenth of a cheap read's CPU) and, unlike time on this shared box, repeats from run to run within a
 * few percent: a way to judge a change that timing cannot resolve, not a replacement for timing it.
 *
 *   npm run build:server
 *   npm run bench:alloc -- --scenario graphql-profile [--builds .tmp/before,dist] [--requests 3000] [--top 25]
 *
 * Scenarios as bench:ab's (bench/scale/requests.ts). Owners are npm packages, node's modules or our
 * source files, through the bundle's source map; "(generated code)" is code made at run time (`new Function`, eval).
 */
import "reflect-metadata";
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { SourceMapConsumer } from "source-map-js";
import WebSocket from "ws";
import { load, type Req, send } from "./load.js";
import { benchDatabaseUrl } from "./community.js";
import { appEnv, benchScenarios, option } from "./requests.js";

const opt = option;
const builds = opt("builds", "dist").split(",");
const scenario = opt("scenario", "graphql-profile");
const requests = Number(opt("requests", "3000"));
const top = Number(opt("top", "25"));
const dbUrl = benchDatabaseUrl("bench:alloc");

interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  selfSize: number;
  children: ProfileNode[];
}

/** One Chrome DevTools Protocol session on the app's inspector. */
async function inspector(port: number) {
  const [target] = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Array<{ webSocketDebuggerUrl: string }>;
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
  let id = 0;
  const pending = new Map<number, (m: { result?: unknown; error?: { message: string } }) => void>();
  ws.on("message", (data) => {
    const m = JSON.parse(String(data)) as { id?: number; result?: unknown; error?: { message: string } };
    if (m.id !== undefined) pending.get(m.id)?.(m);
  });
  return {
    call: <T>(method: string, params: object = {}) =>
      new Promise<T>((resolve, reject) => {
        const i = ++id;
        pending.set(i, (m) => (m.error ? reject(new Error(m.error.message)) : resolve(m.result as T)));
        ws.send(JSON.stringify({ id: i, method, params }));
      }),
    close: () => ws.close(),
  };
}

async function measure(build: string, index: number, make: (i: number) => Req, secret: string) {
  const port = 4750 + index;
  const inspectPort = 9350 + index;
  const child = spawn(process.execPath, [`--inspect=127.0.0.1:${inspectPort}`, path.resolve(build, "server/main.js")], {
    env: appEnv(port, dbUrl.toString(), secret),
    stdio: ["ignore", "inherit", "ignore"],
  });
  try {
    for (let tries = 0; ; tries++) {
      const up = await send(port, { method: "GET", path: "/healthz" }).then(
        (r) => r.status === 200,
        () => false,
      );
      if (up) break;
      if (tries > 600) throw new Error(`${build} did not start`);
      await new Promise((r) => setTimeout(r, 100));
    }
    // Warm: every path compiled and every cache (documents, compiled queries, statement templates) filled.
    await load(port, make, 3000, 16);
    const session = await inspector(inspectPort);
    await session.call("HeapProfiler.enable");
    await session.call("HeapProfiler.startSampling", {
      samplingInterval: 1024,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
    await load(port, make, requests, 16);
    const { profile } = await session.call<{ profile: { head: ProfileNode } }>("HeapProfiler.stopSampling");
    session.close();
    return profile.head;
  } finally {
    child.kill();
  }
}

function summarise(build: string, head: ProfileNode) {
  // The bundle: server/server.js beside its loader; main.js in builds that Node ran alone, server.cjs before them.
  const bundle = ["server.js", "server.cjs"].find((name) => existsSync(path.resolve(build, `server/${name}`))) ?? "main.js";
  const map = new SourceMapConsumer(JSON.parse(readFileSync(path.resolve(build, `server/${bundle}.map`), "utf8")));
  const ownerOf = (f: ProfileNode["callFrame"]): string | null => {
    if (f.url.endsWith(`server/${bundle}`)) {
      const source = map.originalPositionFor({ line: f.lineNumber + 1, column: f.columnNumber }).source ?? "?";
      const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
      return pkg ? pkg[1] : source.replace(/^.*?((graph|common)\/)/, "$1");
    }
    if (f.url.startsWith("node:")) return f.url;
    // Functions made at run time (`new Function`, eval) have no file.
    if (f.url === "" && f.lineNumber >= 0) return "(generated code)";
    // A builtin (Promise.all, Map, sort...) is charged to the JavaScript that called it.
    return null;
  };
  const owners = new Map<string, number>();
  let total = 0;
  const walk = (node: ProfileNode, owner: string) => {
    const own = ownerOf(node.callFrame) ?? owner;
    owners.set(own, (owners.get(own) ?? 0) + node.selfSize);
    total += node.selfSize;
    for (const child of node.children) walk(child, own);
  };
  walk(head, "(native)");
  console.log(`${build}: ${(total / requests / 1024).toFixed(1)} KB allocated per request`);
  for (const [owner, bytes] of [...owners].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${(bytes / requests / 1024).toFixed(1).padStart(7)} KB  ${owner}`);
  }
}

const secret = randomBytes(32).toString("hex");
const scenarios = await benchScenarios(dbUrl.toString(), secret);
const make = scenarios[scenario];
if (!make) throw new Error(`--scenario: one of ${Object.keys(scenarios).join(", ")}`);
console.log(`${scenario}: ${requests} requests at concurrency 16 after 3000 of warm-up, sampled every 1 KB`);
for (const [i, build] of builds.entries()) summarise(build, await measure(build, i, make, secret));
process.exit(0);
