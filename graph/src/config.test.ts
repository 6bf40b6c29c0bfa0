import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { eventually } from "../test/eventually.js";
import { compiledServer, freePort } from "../test/integration/server-process.js";
import { ConfigError, generateVapidKeys, loadConfig } from "./config.js";

const root = path.resolve(import.meta.dirname, "../..");
const tmp = () => mkdtempSync(path.join(os.tmpdir(), "sx-config-"));

describe("config", () => {
  it("has working defaults: SQLite in DATA_DIR, port 4000, the college domain, demo data on", () => {
    const dir = tmp();
    const c = loadConfig({ DATA_DIR: dir });
    expect(c.port).toBe(4000);
    expect(c.database).toEqual({ kind: "sqlite", file: path.join(dir, "skill-exchange.sqlite"), waitSeconds: 10 });
    expect(c.collegeEmailDomain).toBe("psgtech.ac.in");
    expect(c.demoData).toBe(true);
    expect(c.publicUrl).toBe("http://localhost:4000");
    expect(c.operatorEmails).toEqual([]);
  });

  it("reads OPERATOR_EMAILS as lower-cased addresses", () => {
    expect(loadConfig({ DATA_DIR: tmp(), OPERATOR_EMAILS: " 22Z201@PSGTech.ac.in ,23a100@psgtech.ac.in," }).operatorEmails).toEqual([
      "22z201@psgtech.ac.in",
      "23a100@psgtech.ac.in",
    ]);
  });

  it("reads REQUEST_EXPIRY_DAYS (default 7) and refuses a value under one day", () => {
    expect(loadConfig({ DATA_DIR: tmp() }).requestExpiryDays).toBe(7);
    expect(loadConfig({ DATA_DIR: tmp(), REQUEST_EXPIRY_DAYS: "14" }).requestExpiryDays).toBe(14);
    expect(() => loadConfig({ DATA_DIR: tmp(), REQUEST_EXPIRY_DAYS: "0" })).toThrow(/^Invalid REQUEST_EXPIRY_DAYS: /);
    expect(() => loadConfig({ DATA_DIR: tmp(), REQUEST_EXPIRY_DAYS: "1.5" })).toThrow(ConfigError);
  });

  it("reads EMBED_FRAME_ANCESTORS (default *: any site may frame the embed) and refuses what is not a CSP source", () => {
    expect(loadConfig({ DATA_DIR: tmp() }).embedFrameAncestors).toEqual(["*"]);
    expect(
      loadConfig({ DATA_DIR: tmp(), EMBED_FRAME_ANCESTORS: "https://college.edu, https://*.college.edu:8443 'self'" }).embedFrameAncestors,
    ).toEqual(["https://college.edu", "https://*.college.edu:8443", "'self'"]);
    expect(loadConfig({ DATA_DIR: tmp(), EMBED_FRAME_ANCESTORS: "'none'" }).embedFrameAncestors).toEqual(["'none'"]);
    for (const bad of ["https://college.edu; script-src *", "'unsafe-inline'", "'none' https://college.edu", "https://exa mple.com/'x'"]) {
      expect(() => loadConfig({ DATA_DIR: tmp(), EMBED_FRAME_ANCESTORS: bad }), bad).toThrow(/^Invalid EMBED_FRAME_ANCESTORS: /);
    }
  });

  it("generates the development JWT secret once and keeps it in DATA_DIR", () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
    expect(readFileSync(path.join(dir, "jwt-secret"), "utf8").trim()).toBe(first);
    // The embedded default keeps it in production mode too (what npm start runs).
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: "production" }).jwtSecret).toBe(first);
  });

  it("generates the VAPID key pair once into DATA_DIR, or takes it from VAPID_* (required in production with DATABASE_URL)", () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir }).push;
    expect(Buffer.from(first.publicKey, "base64url")).toHaveLength(65);
    expect(Buffer.from(first.privateKey, "base64url")).toHaveLength(32);
    expect(first.subject).toBe("mailto:no-reply@skill-exchange.local");
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: "production" }).push).toEqual(first);
    const given = generateVapidKeys();
    const set = loadConfig({
      DATA_DIR: tmp(),
      NODE_ENV: "production",
      DATABASE_URL: "mysql://root@127.0.0.1:3306/x",
      JWT_SECRET: "x".repeat(40),
      VAPID_PUBLIC_KEY: given.publicKey,
      VAPID_PRIVATE_KEY: given.privateKey,
      VAPID_SUBJECT: "https://skill-exchange.example/contact",
    }).push;
    expect(set).toEqual({ ...given, subject: "https://skill-exchange.example/contact", allowLocalEndpoints: false });
  });

  it.each([
    [{ PORT: "abc" }, /^Invalid PORT/],
    [
      { NODE_ENV: "production", DATABASE_URL: "mysql://root@127.0.0.1:3306/x", JWT_SECRET: "x".repeat(40) },
      /^Invalid VAPID_PUBLIC_KEY: required when NODE_ENV=production with DATABASE_URL/,
    ],
    [{ VAPID_PUBLIC_KEY: "abc", VAPID_PRIVATE_KEY: "abc" }, /^Invalid VAPID_PUBLIC_KEY/],
    [
      { VAPID_PUBLIC_KEY: generateVapidKeys().publicKey },
      /^Invalid VAPID_PRIVATE_KEY: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together/,
    ],
    [{ VAPID_SUBJECT: "http://example.com" }, /^Invalid VAPID_SUBJECT/],
    [{ NODE_ENV: "production", PUSH_LOCAL_ENDPOINTS: "on" }, /^Invalid PUSH_LOCAL_ENDPOINTS/],
    [{ PORT: "70000" }, /^Invalid PORT/],
    [{ DATABASE_URL: "postgres://x" }, /^Invalid DATABASE_URL/],
    [{ REDIS_URL: "http://x" }, /^Invalid REDIS_URL/],
    [{ JWT_SECRET: "short" }, /^Invalid JWT_SECRET/],
    [
      { NODE_ENV: "production", DATABASE_URL: "mysql://root@127.0.0.1:3306/x" },
      /^Invalid JWT_SECRET: required when NODE_ENV=production with DATABASE_URL/,
    ],
    [{ DEMO_DATA: "maybe" }, /^Invalid DEMO_DATA/],
    [{ COLLEGE_EMAIL_DOMAIN: "not a domain" }, /^Invalid COLLEGE_EMAIL_DOMAIN/],
    [{ OPERATOR_EMAILS: "22z201@psgtech.ac.in, not-an-address" }, /^Invalid OPERATOR_EMAILS: must be email addresses separated by commas/],
    [{ RAZORPAY_KEY_ID: "rzp_test_x" }, /^Invalid RAZORPAY_KEY_SECRET/],
  ])("refuses %o with one line naming the variable", (env, message) => {
    expect(() => loadConfig({ DATA_DIR: tmp(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tmp(), ...env })).toThrow(message);
  });

  it("stops start-up with exit code 1 and one line naming the variable", async () => {
    const r = spawnSync(process.execPath, [await compiledServer()], {
      cwd: root,
      env: { ...process.env, PORT: "not-a-port", DATA_DIR: tmp() },
      encoding: "utf8",
    });
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split("\n")).toEqual([expect.stringMatching(/^Invalid PORT: /)]);
  });
});

describe("graceful shutdown", () => {
  it("on SIGTERM stops accepting, closes the database and exits 0", async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [await compiledServer()], {
      cwd: root,
      env: { ...process.env, PORT: String(port), DATA_DIR: tmp(), DEMO_DATA: "off", LOG_LEVEL: "warn" },
      stdio: "ignore",
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    await eventually(async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).ok, "server up", 60_000);
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });
});
