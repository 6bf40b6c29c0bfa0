import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../harness.js";

// A stand-in for `dist/web`: an index.html and one hashed asset, big enough (over compression's
// 1 KiB threshold) to be compressed.
const webDist = mkdtempSync(path.join(os.tmpdir(), "sx-web-dist-"));
const assetJs = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i}`))};\n`;
mkdirSync(path.join(webDist, "assets"));
writeFileSync(
  path.join(webDist, "index.html"),
  '<!doctype html><html><head><title>Skill Exchange</title></head><body><div id="root"></div><script type="module" src="/assets/x-abc123.js"></script></body></html>',
);
writeFileSync(path.join(webDist, "assets", "x-abc123.js"), assetJs);
// What the build lists for the pages most visits start on (scripts/route-preloads.mjs); an entry
// that is not a hashed asset path is never linked.
writeFileSync(
  path.join(webDist, ".route-preloads.json"),
  JSON.stringify({
    "/login": ["/assets/login-a1.js", "/assets/login-b2.css", "https://elsewhere.example/x.js", '/assets/"><script>.js'],
    "/dashboard/:userId": ["/assets/dashboard-c3.js"],
  }),
);
// The static pages' markup rendered at build time (scripts/prerender.mjs).
writeFileSync(
  path.join(webDist, ".prerendered.json"),
  JSON.stringify({
    "*": { title: null, html: '<div role="status">Loading...</div>' },
    "/login": { title: "Sign In · Skill Exchange", html: "<h1>Welcome Back</h1>" },
    "/about": { title: "About & us", html: "<h1>About</h1>" },
  }),
);

describe("the HTTP stack", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp("sqlite", { webDist });
    for (let i = 0; i < 40; i++) await t.createUser({ name: `Compressed Student ${i}` });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it("compresses a JSON answer for a client that accepts gzip, and sends it plain to one that accepts no encoding", async () => {
    const gz = await fetch(`${t.url}/api/leaderboard`, { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(((await gz.json()) as unknown[]).length).toBe(40);
    const plain = await fetch(`${t.url}/api/leaderboard`, { headers: { "accept-encoding": "" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(((await plain.json()) as unknown[]).length).toBe(40);
  });

  it("sends brotli to a client that accepts it, alone or beside gzip as browsers send it", async () => {
    for (const accept of ["br", "gzip, deflate, br, zstd"]) {
      const br = await fetch(`${t.url}/api/leaderboard`, { headers: { "accept-encoding": accept } });
      expect(br.headers.get("content-encoding"), accept).toBe("br");
      expect(br.headers.get("vary")).toMatch(/accept-encoding/i);
      expect(((await br.json()) as unknown[]).length).toBe(40);
    }
  });

  it("serves hashed assets brotli-compressed and cached for a year as immutable; index.html is never cached", async () => {
    const asset = await fetch(`${t.url}/assets/x-abc123.js`, { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get("content-encoding")).toBe("br");
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await asset.text()).toBe(assetJs);

    for (const page of ["/", "/dashboard", "/index.html", "/login"]) {
      const html = await fetch(`${t.url}${page}`, { headers: { accept: "text/html" } });
      expect(html.status, page).toBe(200);
      expect(html.headers.get("content-type")).toMatch(/^text\/html/);
      expect(html.headers.get("cache-control"), page).toBe("no-cache");
    }

    // A page the build listed preloads for gets its route's files linked in its head (query or not); others do not.
    for (const page of ["/login", "/login?expired=1"]) {
      const html = await (await fetch(`${t.url}${page}`, { headers: { accept: "text/html" } })).text();
      expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/login-a1.js">');
      expect(html).toMatch(/<link rel="(stylesheet|preload" as="style)" crossorigin href="\/assets\/login-b2.css">/);
      expect(html).not.toContain("elsewhere.example");
      expect(html).not.toContain("<script>.js");
      expect(html.indexOf("login-a1.js")).toBeLessThan(html.indexOf("</head>"));
    }
    const plain = await (await fetch(`${t.url}/dashboard`, { headers: { accept: "text/html" } })).text();
    expect(plain).not.toContain("modulepreload");
    // A route with a parameter matches one segment.
    const dashboard = await (await fetch(`${t.url}/dashboard/u-1`, { headers: { accept: "text/html" } })).text();
    expect(dashboard).toContain('<link rel="modulepreload" crossorigin href="/assets/dashboard-c3.js">');
    expect(await (await fetch(`${t.url}/dashboard/u-1/x`, { headers: { accept: "text/html" } })).text()).not.toContain("dashboard-c3");
    // A page rendered in the browser shows the loading screen until the app replaces it.
    for (const html of [plain, dashboard]) expect(html).toContain('<div id="root"><div role="status">Loading...</div></div>');

    // A prerendered page arrives with its markup in #root (marked for hydration), its title (escaped)
    // and its stylesheets blocking rendering (the markup needs them); with a query string (which can
    // change what it shows) it is the loading screen, rendered over in the browser, and the
    // stylesheets are only fetched early.
    const login = await (await fetch(`${t.url}/login`, { headers: { accept: "text/html" } })).text();
    expect(login).toContain('<div id="root" data-prerendered><h1>Welcome Back</h1></div>');
    expect(login).toContain("<title>Sign In · Skill Exchange</title>");
    expect(login).toContain('<link rel="stylesheet" crossorigin href="/assets/login-b2.css">');
    const about = await (await fetch(`${t.url}/about`, { headers: { accept: "text/html" } })).text();
    expect(about).toContain("<title>About &amp; us</title>");
    expect(about).not.toContain("modulepreload");
    const expired = await (await fetch(`${t.url}/login?expired=1`, { headers: { accept: "text/html" } })).text();
    expect(expired).toContain('<div id="root"><div role="status">Loading...</div></div>');
    expect(expired).toContain("<title>Skill Exchange</title>");
    expect(expired).toContain('<link rel="preload" as="style" crossorigin href="/assets/login-b2.css">');

    // A missing asset is a 404, not index.html, and nothing caches it for a year.
    const missing = await fetch(`${t.url}/assets/x-missing.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("cache-control") ?? "").not.toMatch(/immutable|max-age=31536000/);
  });

  it("sends helmet's security headers on every kind of response (API, GraphQL, errors)", async () => {
    const answers = [
      await fetch(`${t.url}/api/leaderboard`),
      await fetch(`${t.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"query":"{ __typename }"}',
      }),
      await fetch(`${t.url}/api/no-such-path`),
    ];
    for (const r of answers) {
      expect(r.headers.get("content-security-policy")).toContain("default-src 'self'");
      expect(r.headers.get("x-content-type-options")).toBe("nosniff");
      expect(r.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
      expect(r.headers.get("cross-origin-opener-policy")).toBe("same-origin");
      expect(r.headers.get("x-powered-by")).toBeNull();
    }
  });

  it("writes REST answers as JSON with their length and no ETag of their own; a legacy refusal the same way; HEAD without a body", async () => {
    const { user, token } = await t.createUser({ name: "Plain Answer" });
    const r = await fetch(`${t.url}/api/user/${user.id}`, { headers: { "accept-encoding": "" } });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(r.headers.get("etag")).toBeNull();
    const text = await r.text();
    expect(Number(r.headers.get("content-length"))).toBe(Buffer.byteLength(text));
    expect(JSON.parse(text).user.name).toBe("Plain Answer");
    // A legacy path's refusal (200 { error }) is written by the same sender.
    const refused = await fetch(`${t.url}/api/swap-request`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}`, "accept-encoding": "" },
      body: JSON.stringify({ userID: user.id }),
    });
    expect(refused.status).toBe(200);
    expect(refused.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(((await refused.json()) as { error: string }).error).not.toBe("");
    const head = await fetch(`${t.url}/api/user/${user.id}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    // The leaderboard keeps its own versioned ETag.
    expect((await fetch(`${t.url}/api/leaderboard`)).headers.get("etag")).toMatch(/^"/);
  });
});
