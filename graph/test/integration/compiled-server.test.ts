/**
 * What `npm start` runs: the server compiled once to JavaScript (scripts/build-server.mjs) and
 * started in production mode on the embedded default, with no JWT_SECRET (kept under DATA_DIR).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildClientSchema, buildSchema, getIntrospectionQuery, lexicographicSortSchema, printSchema } from "graphql";
import { afterAll, describe, expect, it } from "vitest";
import { eventually } from "../eventually.js";

const root = path.resolve(import.meta.dirname, "../../..");
const outDir = path.join(root, "dist/server-test", String(process.pid));
const outfile = path.join(outDir, "main.js");

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function graphql(port: number, query: string): Promise<unknown> {
  const res = await fetch(`http://127.0.0.1:${port}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query }),
  });
  return res.json();
}

describe("the compiled server", () => {
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it("builds to one bundle and an entry that serve GraphQL and /healthz in production mode, the second start from V8's code cache", async () => {
    const { buildServer } = (await import(pathToFileURL(path.join(root, "scripts/build-server.mjs")).href)) as {
      buildServer: (outfile: string) => Promise<void>;
    };
    await buildServer(outfile);
    const bundle = path.join(outDir, "server.cjs");
    const caches = () => readdirSync(outDir).filter((name) => name.endsWith(".cache"));
    expect(existsSync(outfile) && existsSync(bundle)).toBe(true);
    expect(caches()).toEqual([]);
    // One character above U+00FF would make V8 hold the whole bundle as a two-byte string.
    expect(readFileSync(bundle, "utf8").match(/[\u0100-\uffff]/)).toBeNull();
    // Apollo's hashes (one per request) come from @apollo/utils.createhash loaded from node_modules, where it
    // finds node's crypto; bundled, it would fall back to a pure-JavaScript SHA-256 (sha.js).
    expect(readFileSync(bundle, "utf8")).toContain('require("@apollo/utils.createhash")');
    expect(readFileSync(bundle, "utf8")).not.toContain('"node_modules/@apollo/utils.createhash/');
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "sx-compiled-"));
    const { JWT_SECRET: _ignored, DATABASE_URL: _none, ...env } = process.env;
    const start = async () => {
      const port = await freePort();
      const child = spawn(process.execPath, [outfile], {
        cwd: root,
        env: { ...env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir, DEMO_DATA: "off", LOG_LEVEL: "warn" },
        stdio: "ignore",
      });
      const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
      await eventually(async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).ok, "server up", 60_000);
      return { port, stop: () => (child.kill("SIGTERM"), exited) };
    };

    const first = await start();
    try {
      expect(await graphql(first.port, "{ leaderboard(first: 1) { edges { node { rank } } } }")).toEqual({
        data: { leaderboard: { edges: [] } },
      });
      // The bundle renames colliding names: the schema it serves is still the committed contract.
      const introspection = (await graphql(first.port, getIntrospectionQuery())) as { data: Parameters<typeof buildClientSchema>[0] };
      const served = printSchema(lexicographicSortSchema(buildClientSchema(introspection.data)));
      const committed = printSchema(lexicographicSortSchema(buildSchema(readFileSync(path.join(root, "schema.graphql"), "utf8"))));
      expect(served).toBe(committed);
      expect(existsSync(path.join(dataDir, "jwt-secret"))).toBe(true);
      // Once up, the server left what V8 compiled for the next start, named for this build.
      expect(caches()).toEqual([expect.stringMatching(/^server\.cjs\.[0-9a-f]{16}\.cache$/)]);
    } finally {
      expect(await first.stop()).toBe(0);
    }

    // The next start runs from that cache: V8 accepts it (a rejected cache would be written again);
    // a rebuild removes it.
    const cache = path.join(outDir, caches()[0]);
    const written = statSync(cache).mtimeMs;
    const second = await start();
    try {
      expect(await graphql(second.port, "{ __typename }")).toEqual({ data: { __typename: "Query" } });
      expect(statSync(cache).mtimeMs).toBe(written);
    } finally {
      expect(await second.stop()).toBe(0);
    }
    await buildServer(outfile);
    expect(caches()).toEqual([]);
  }, 120_000);
});
