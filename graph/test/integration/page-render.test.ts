import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_RENDERS_IN_FLIGHT } from "../../src/server/page-render.js";
import { startTestApp, type TestApp } from "../harness.js";

// A stand-in for `dist`: the web app (`web`: index.html, the dashboard's files) and beside it the
// dashboard's renderer (`web-render/prerender.cjs`, the Node build of web/src/app/prerender.tsx).
// This renderer does what the real one does with the server: it asks the page's data through the
// `fetch` it is given, with the token, and renders nothing for a token the server refuses.
const dist = mkdtempSync(path.join(os.tmpdir(), "sx-dist-"));
const webDist = path.join(dist, "web");
mkdirSync(path.join(webDist, "assets"), { recursive: true });
writeFileSync(
  path.join(webDist, "index.html"),
  '<!doctype html><html><head><title>Skill Exchange</title><script type="module" crossorigin src="/assets/app-a1.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/react-b2.js"><link rel="stylesheet" crossorigin href="/assets/app-c3.css">' +
    '</head><body><div id="root"></div></body></html>',
);
writeFileSync(
  path.join(webDist, ".route-preloads.json"),
  JSON.stringify({ "/dashboard/:userId": ["/assets/dashboard-d4.js", "/assets/dashboard-e5.css"] }),
);
writeFileSync(
  path.join(webDist, ".prerendered.json"),
  JSON.stringify({ "*": { title: null, html: '<div role="status">Loading...</div>' } }),
);
mkdirSync(path.join(dist, "web-render"));
writeFileSync(
  path.join(dist, "web-render", "prerender.cjs"),
  `exports.renderSignedIn = async ({ url, token, fetch }) => {
    if (token === "throw") throw new Error("the renderer broke");
    // A render held until the test lets it go (the test and the server share this process).
    const gate = globalThis[Symbol.for("sx.test.renderGate")];
    if (gate) await gate.enter();
    const answer = await fetch(new URL("/graphql", url).href, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer " + token },
      body: JSON.stringify({ query: "{ me { id name } }" }),
    });
    const me = (await answer.json()).data?.me;
    if (!me || !new URL(url).pathname.endsWith("/" + me.id)) return null;
    return {
      title: "Dashboard · Skill Exchange",
      html: "<main><h1>Welcome, " + me.name + "</h1><p>" + new URL(url).search + "</p></main>",
      state: { apollo: { me }, loaderData: { dashboard: null }, bio: "</script><script>alert(1)</script>" },
    };
  };\n`,
);

const page = (t: TestApp, pathname: string, cookie?: string, accept = "text/html") =>
  fetch(`${t.url}${pathname}`, { headers: { accept, ...(cookie ? { cookie } : {}) } });

describe("the signed-in dashboard rendered by the server", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp("sqlite", { webDist });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("renders the student its page cookie names, with the data the browser hydrates it from, private to them", async () => {
    const { user, token } = await t.createUser({ name: "Meera Iyer" });
    const answer = await page(t, `/dashboard/${user.id}?category=Music`, `theme=dark; page_token=${token}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    expect(answer.headers.get("vary")).toMatch(/cookie/i);
    const html = await answer.text();
    // The renderer was given the page's address (its query too) and its data came from the API with that token.
    expect(html).toContain('<div id="root" data-prerendered><main><h1>Welcome, Meera Iyer</h1><p>?category=Music</p></main></div>');
    expect(html).toContain("<title>Dashboard · Skill Exchange</title>");
    // The state follows the root as JSON that nothing in it can close.
    const state = /<script type="application\/json" id="page-state">(.*?)<\/script>/.exec(html)?.[1];
    expect(state).toBeDefined();
    expect(state).not.toContain("<");
    expect(JSON.parse(state!)).toEqual({
      apollo: { me: { id: user.id, name: "Meera Iyer" } },
      loaderData: { dashboard: null },
      bio: "</script><script>alert(1)</script>",
    });
    // Its stylesheets block the paint; its scripts load after it: no preloads in the markup, the entry and every
    // chunk to preload (the entry's imports, then the route's) named to the loader, which appends them once it painted.
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/app-c3.css">');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/dashboard-e5.css">');
    expect(html).toContain(
      '<script defer src="/after-paint.js" data-entry="/assets/app-a1.js" data-preload="/assets/app-a1.js /assets/react-b2.js /assets/dashboard-d4.js"></script>',
    );
    expect(html).not.toContain("modulepreload");
    expect(html).not.toContain('<script type="module"');
  });

  it("sends the page the browser renders without a cookie, for a token the server refuses, another student's id or a renderer that fails", async () => {
    const { user, token } = await t.createUser();
    const other = await t.createUser();
    for (const [pathname, cookie] of [
      [`/dashboard/${user.id}`, undefined],
      [`/dashboard/${user.id}`, "page_token=not-a-token"],
      [`/dashboard/${other.user.id}`, `page_token=${token}`],
      [`/dashboard/${user.id}`, "page_token=throw"],
    ] as const) {
      const answer = await page(t, pathname, cookie);
      expect(answer.status, `${pathname} ${cookie}`).toBe(200);
      expect(answer.headers.get("cache-control")).toBe("no-cache");
      expect(answer.headers.get("vary")).toMatch(/cookie/i);
      const html = await answer.text();
      expect(html).toContain('<div id="root"><div role="status">Loading...</div></div>');
      expect(html).not.toContain("page-state");
      expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/dashboard-d4.js">');
    }
    // Not a page request: the JSON 404, as for any other path the server does not serve.
    const json = await page(t, `/dashboard/${user.id}`, `page_token=${token}`, "application/json");
    expect(json.status).toBe(404);
    expect(json.headers.get("content-type")).toMatch(/application\/json/);
  });

  it("renders at most MAX_RENDERS_IN_FLIGHT pages at once: past them, the page the browser renders", async () => {
    const { user, token } = await t.createUser({ name: "Busy Student" });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let entered = 0;
    let allIn!: () => void;
    const full = new Promise<void>((resolve) => (allIn = resolve));
    const key = Symbol.for("sx.test.renderGate");
    (globalThis as Record<symbol, unknown>)[key] = {
      enter: async () => {
        if (++entered === MAX_RENDERS_IN_FLIGHT) allIn();
        await released;
      },
    };
    try {
      const held = Array.from({ length: MAX_RENDERS_IN_FLIGHT }, () => page(t, `/dashboard/${user.id}`, `page_token=${token}`));
      await full;
      const busy = await (await page(t, `/dashboard/${user.id}`, `page_token=${token}`)).text();
      expect(busy).not.toContain("page-state");
      expect(busy).toContain('<div id="root"><div role="status">Loading...</div></div>');
      release();
      for (const answer of await Promise.all(held)) expect(await answer.text()).toContain("<h1>Welcome, Busy Student</h1>");
      // And once they are done, the next one is rendered again.
      expect(await (await page(t, `/dashboard/${user.id}`, `page_token=${token}`)).text()).toContain("page-state");
    } finally {
      release();
      delete (globalThis as Record<symbol, unknown>)[key];
    }
  });

  it("never takes the cookie as a session: the API answers as to a visitor", async () => {
    const { token } = await t.createUser();
    const answer = await fetch(`${t.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: `page_token=${token}` },
      body: JSON.stringify({ query: "{ me { id } }" }),
    });
    const body = (await answer.json()) as { data?: { me: unknown }; errors?: Array<{ extensions?: { code?: string } }> };
    expect(body.data?.me ?? null).toBeNull();
  });
});
