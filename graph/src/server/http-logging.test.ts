import "reflect-metadata";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { createFastify } from "./http.js";
import { signedInPages } from "./page-render.js";

/** A pino logger whose lines are kept, parsed, for the test to read. */
function capturingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level: "info", base: undefined }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

/** A dashboard renderer folder (dist/web-render) holding `source` as its entry. */
const dirs: string[] = [];
function rendererDir(source: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sx-render-"));
  dirs.push(dir);
  writeFileSync(path.join(dir, "prerender.cjs"), source);
  return dir;
}

async function serverWith(dir: string) {
  const { logger, lines } = capturingLogger();
  const app = createFastify(logger);
  const render = (await signedInPages(app, dir))!;
  app.get("/dashboard/:userId", async (request) => ({ rendered: (await render(request)) !== null }));
  app.get("/plain", async () => ({ ok: true }));
  await app.ready();
  return { app, lines };
}

const dashboard = { method: "GET" as const, url: "/dashboard/u1", headers: { cookie: "page_token=t" } };

describe("Fastify's logger is the app's", () => {
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it("writes a renderer that does not load to the log, with the request's id", async () => {
    const { app, lines } = await serverWith(rendererDir('throw new Error("a broken build");\n'));
    try {
      const answer = await app.inject(dashboard);
      expect(answer.json()).toEqual({ rendered: false });
      const line = lines.find((l) => String(l.msg).includes("did not load"));
      expect(line).toMatchObject({ level: 50, err: { message: "a broken build" } });
      expect(line?.reqId).toEqual(expect.any(String));
    } finally {
      await app.close();
    }
  });

  it("writes a render that fails to the log as a warning", async () => {
    const dir = rendererDir('exports.renderSignedIn = async () => { throw new Error("the renderer broke"); };\n');
    const { app, lines } = await serverWith(dir);
    try {
      expect((await app.inject(dashboard)).json()).toEqual({ rendered: false });
      expect(lines.find((l) => String(l.msg).includes("dashboard render failed"))).toMatchObject({
        level: 40,
        err: { message: "the renderer broke" },
      });
    } finally {
      await app.close();
    }
  });

  it("writes no line per request", async () => {
    const { app, lines } = await serverWith(rendererDir("exports.renderSignedIn = async () => null;\n"));
    try {
      expect((await app.inject({ method: "GET", url: "/plain" })).statusCode).toBe(200);
      expect((await app.inject({ method: "GET", url: "/missing" })).statusCode).toBe(404);
      expect((await app.inject(dashboard)).json()).toEqual({ rendered: false });
      expect(lines).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
