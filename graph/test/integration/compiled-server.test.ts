/**
 * What `npm start` runs: the server compiled once to one bundle with V8's code cache for it
 * (scripts/build-server.mjs), run by its loader (scripts/server-loader.cjs) in production mode on the
 * embedded default, with no JWT_SECRET (kept under DATA_DIR).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { buildClientSchema, buildSchema, getIntrospectionQuery, lexicographicSortSchema, printSchema } from "graphql";
import { afterAll, describe, expect, it } from "vitest";
import { eventually } from "../eventually.js";
import { buildServer } from "../../../scripts/build-server.mjs";
import { freePort } from "./server-process.js";

const root = path.resolve(import.meta.dirname, "../../..");
const outDir = path.join(root, "dist/server-test", String(process.pid));
const outfile = path.join(outDir, "main.js");
const bundleFile = path.join(outDir, "server.js");
const BUILT = ["main.js", "package.json", "server.js", "server.js.cache", "server.js.map"];

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

  it("builds to one bundle and its code cache, which its loader runs, serving GraphQL and /healthz in production mode", async () => {
    // What older builds left beside their entry goes.
    mkdirSync(outDir, { recursive: true });
    writeFileSync(path.join(outDir, "server.cjs.0123456789abcdef.cache"), "");
    writeFileSync(path.join(outDir, "main.js.map"), "");
    const { externals } = await buildServer(outfile);
    expect(readdirSync(outDir).sort()).toEqual(BUILT);
    // main.js is the committed loader, CommonJS under the project's "type": "module".
    expect(readFileSync(outfile, "utf8")).toBe(readFileSync(path.join(root, "scripts/server-loader.cjs"), "utf8"));
    expect(JSON.parse(readFileSync(path.join(outDir, "package.json"), "utf8"))).toEqual({ type: "commonjs" });
    // The code cache is the loader's alone: the bundle neither makes nor finds one.
    const bundle = readFileSync(bundleFile, "utf8");
    expect(bundle).not.toMatch(/node:vm|cachedData|saveCodeCache/);
    // ASCII only: one character above U+00FF would make V8 hold the whole bundle as a two-byte
    // string, and one above U+007F takes Node's UTF-8 read off its fast path at every start.
    expect(bundle.match(/[\u0080-\uffff]/)).toBeNull();
    // What only some deployments or some requests use loads from node_modules when first needed.
    for (const lazy of ["web-push", "ics", "prom-client"]) {
      expect(bundle).not.toContain(`"node_modules/${lazy}/`);
      expect(bundle).toContain(`lazyRequire("${lazy}")`);
    }
    // graphql-js once, as its ES modules: no CommonJS copy whose 300 exports each importer copies at every start.
    const sources = (JSON.parse(readFileSync(`${bundleFile}.map`, "utf8")) as { sources: string[] }).sources;
    expect(sources.filter((s) => /node_modules\/graphql\/.*\.js$/.test(s))).toEqual([]);
    expect(sources.some((s) => s.endsWith("node_modules/graphql/execution/execute.mjs"))).toBe(true);
    // Apollo's hashes (one per request) come from @apollo/utils.createhash loaded from node_modules, where it
    // finds node's crypto; bundled, it would fall back to a pure-JavaScript SHA-256 (sha.js).
    expect(bundle).toContain('require("@apollo/utils.createhash")');
    expect(bundle).not.toContain('"node_modules/@apollo/utils.createhash/');
    // Every package the bundle loads from node_modules is one package.json declares (those not
    // installed, such as TypeORM's other drivers, are loaded only if configured, and fail then).
    const declared = Object.keys(
      (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { dependencies: object }).dependencies,
    );
    const installed = (name: string) => {
      try {
        createRequire(bundleFile).resolve(name);
        return true;
      } catch {
        return false;
      }
    };
    const packageOf = (name: string) =>
      name
        .split("/")
        .slice(0, name.startsWith("@") ? 2 : 1)
        .join("/");
    expect(externals).toContain("@apollo/utils.createhash");
    expect(externals.filter(installed).filter((name) => !declared.includes(packageOf(name)))).toEqual([]);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "sx-compiled-"));
    const { JWT_SECRET: _ignored, DATABASE_URL: _none, ...env } = process.env;
    const start = async () => {
      const port = await freePort();
      const child = spawn(process.execPath, [outfile], {
        cwd: root,
        // NODE_DEBUG=code-cache: the loader says whether V8 took the build's code cache.
        env: {
          ...env,
          NODE_ENV: "production",
          PORT: String(port),
          DATA_DIR: dataDir,
          DEMO_DATA: "off",
          LOG_LEVEL: "warn",
          NODE_DEBUG: "code-cache",
          NODE_OPTIONS: "",
        },
        stdio: ["ignore", "ignore", "pipe"],
      });
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
      await eventually(async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).ok, "server up", 60_000);
      return { port, stderr: () => stderr, stop: () => (child.kill("SIGTERM"), exited) };
    };

    const first = await start();
    try {
      // V8 took the cache the build wrote (it refuses one from another Node or other V8 flags).
      expect(first.stderr()).toMatch(/CODE-CACHE \d+: used/);
      expect(first.stderr()).not.toMatch(/CODE-CACHE \d+: (?!used)/);
      expect(await graphql(first.port, "{ leaderboard(first: 1) { edges { node { rank } } } }")).toEqual({
        data: { leaderboard: { edges: [] } },
      });
      // The bundle renames colliding names: the schema it serves is still the committed contract.
      const introspection = (await graphql(first.port, getIntrospectionQuery())) as { data: Parameters<typeof buildClientSchema>[0] };
      const served = printSchema(lexicographicSortSchema(buildClientSchema(introspection.data)));
      const committed = printSchema(lexicographicSortSchema(buildSchema(readFileSync(path.join(root, "schema.graphql"), "utf8"))));
      expect(served).toBe(committed);
      expect(existsSync(path.join(dataDir, "jwt-secret"))).toBe(true);
    } finally {
      expect(await first.stop()).toBe(0);
    }
    // Nothing written beside the bundle at run time.
    expect(readdirSync(outDir).sort()).toEqual(BUILT);

    // V8 checks a cache only by its source's length: the loader checks that it is this build's and whole.
    // A damaged one (bytes changed, same length: V8 would crash on it), then another build's: the server
    // starts without it, as it would have, only slower.
    const cacheFile = `${bundleFile}.cache`;
    const cache = readFileSync(cacheFile);
    const startsWithout = async (bytes: Buffer, why: string) => {
      writeFileSync(cacheFile, bytes);
      const server = await start();
      try {
        expect(server.stderr()).toMatch(new RegExp(`CODE-CACHE \\d+: ${why}`));
        expect(await graphql(server.port, "{ __typename }")).toEqual({ data: { __typename: "Query" } });
      } finally {
        expect(await server.stop()).toBe(0);
      }
    };
    const damaged = Buffer.from(cache);
    damaged[damaged.length - 100] ^= 0xff;
    await startsWithout(damaged, "damaged");
    await startsWithout(
      Buffer.from(cache.toString("latin1").replace(/^(sx-code-cache )[0-9a-f]+/, "$10000000000000000"), "latin1"),
      "stale",
    );
  }, 120_000);
});
