import { execFile } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { routeWeights } from "./support/bundle-budget.js";
import { root } from "./support/servers.js";

// A production build of the web app of its own (the e2e suites' build is React's development
// bundle), inside the project so that the build's prerender step resolves its packages.
const outDir = path.join(root, "node_modules/.cache", `bundle-budget-${process.pid}`, "web");

describe("the JavaScript budget (npm run bench:bundle prints the detail)", () => {
  afterAll(() => rmSync(path.dirname(outDir), { recursive: true, force: true }));

  it("keeps the landing page and the signed-in dashboard within their gzip'd and file budgets", async () => {
    mkdirSync(outDir, { recursive: true });
    await promisify(execFile)(
      process.execPath,
      [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--outDir", outDir, "--emptyOutDir", "--logLevel", "error"],
      { cwd: root, env: { ...process.env, NODE_ENV: "production" }, maxBuffer: 16 * 1024 * 1024 },
    );
    const weights = routeWeights(outDir);
    expect(weights.map((w) => w.name)).toEqual(["landing", "dashboard (signed in)"]);
    for (const route of weights) {
      const detail = `${route.name}: ${route.chunks.map((c) => `${c.file} ${c.size}`).join(", ")}`;
      expect(route.total, detail).toBeLessThanOrEqual(route.budget);
      expect(route.chunks.length, detail).toBeLessThanOrEqual(route.files);
      // Anything counted is JavaScript the page really loads.
      expect(route.chunks.every((c) => c.file.endsWith(".js") && c.size > 0)).toBe(true);
    }
  }, 240_000);
});
