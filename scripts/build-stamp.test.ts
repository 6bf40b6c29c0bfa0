/**
 * `npm start` rebuilds the web app when the build in dist/web was made in another mode (issue #37):
 * the build's stamp records its NODE_ENV (React's production or development bundle), and the start
 * compares it with its own, not only file times.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildStampPlugin, readStamp, STAMP_FILE, webBuildStaleReason } from "./build-stamp.mjs";

let dir: string;
let dist: string;
let src: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "sx-stamp-"));
  dist = path.join(dir, "dist");
  src = path.join(dir, "web");
  mkdirSync(dist);
  mkdirSync(path.join(src, "src"), { recursive: true });
  writeFileSync(path.join(src, "src/main.tsx"), "export {};\n");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Sets a file's modification time to `secondsAgo` before now. */
function age(file: string, secondsAgo: number) {
  const t = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(file, t, t);
}

/** What the build plugin writes, under the given NODE_ENV (undefined: unset). */
function build(nodeEnv: string | undefined) {
  const saved = process.env.NODE_ENV;
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
  try {
    const plugin = buildStampPlugin() as unknown as { generateBundle: (this: unknown) => void };
    const emitted: Array<{ fileName: string; source: string }> = [];
    plugin.generateBundle.call({ emitFile: (file: { fileName: string; source: string }) => emitted.push(file) });
    for (const file of emitted) writeFileSync(path.join(dist, file.fileName), file.source);
    writeFileSync(path.join(dist, "index.html"), "<!doctype html>");
  } finally {
    process.env.NODE_ENV = saved;
  }
}

const reason = (nodeEnv: string) => webBuildStaleReason({ dist, sources: [src], nodeEnv });

describe("the web build's mode stamp", () => {
  it("records the NODE_ENV the build ran under; unset is production", () => {
    build("development");
    expect(readStamp(dist)?.nodeEnv).toBe("development");
    build(undefined);
    expect(readStamp(dist)?.nodeEnv).toBe("production");
    expect(JSON.parse(readFileSync(path.join(dist, STAMP_FILE), "utf8")).builtAt).toEqual(expect.any(String));
  });

  it("a development build is rebuilt for a production start although it is newer than every source", () => {
    age(path.join(src, "src/main.tsx"), 3600);
    build("development");
    expect(reason("production")).toMatch(/NODE_ENV=development.*production/);
    expect(reason("development")).toBeNull();
  });

  it("a production build is served by a production start until a source changes", () => {
    age(path.join(src, "src/main.tsx"), 3600);
    build("production");
    expect(reason("production")).toBeNull();
    age(path.join(dist, STAMP_FILE), 60);
    writeFileSync(path.join(src, "src/main.tsx"), "export const changed = true;\n");
    expect(reason("production")).toBe("changed sources");
  });

  it("no build, or a build without a readable stamp (made before stamps), is rebuilt", () => {
    expect(reason("production")).toBe("no build yet");
    writeFileSync(path.join(dist, "index.html"), "<!doctype html>");
    expect(reason("production")).toBe("the build has no mode stamp");
    writeFileSync(path.join(dist, STAMP_FILE), new Date().toISOString());
    expect(reason("production")).toBe("the build has no mode stamp");
  });
});
