import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CATEGORIES } from "../../../common/profiles.js";
import { EMBED_MESSAGES, embedHeight, embedSnippet, embedUrl } from "../../../common/embed.js";
import { dbTargets, startTestApp, type TestApp } from "../../test/harness.js";
import { filledStudent } from "../../test/profiles.js";
import { serviceBusy } from "../shared/errors.js";
import { ledgerWrites } from "../../test/ledger.js";

const ORIGIN = "https://skills.example.edu";
const HOSTILE = `<img src=x onerror="alert(1)">'&"`;

/** GET over real HTTP; `headers` as a browser in a college page's iframe might send them. */
async function get(t: TestApp, pathAndQuery: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${t.url}${pathAndQuery}`, { headers });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** The CSP's directives by name. */
const csp = (headers: Headers) =>
  Object.fromEntries(
    (headers.get("content-security-policy") ?? "")
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name, values]),
  );

/** Every script the page runs: inline bodies, and the address of any external one. */
const scriptsOf = (html: string) => [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].map((m) => ({ attrs: m[1], body: m[2] }));

describe.each(dbTargets)("the embeddable leaderboard on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target, { env: { PUBLIC_URL: ORIGIN } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("renders the board as a table: the view's title, ranks, escaped names isolated with dir=auto, the attribution", async () => {
    const top = await t.createUser({ name: "Embed Top", ratingAvg: 5, ratingCount: 4, ratingSum: 20 });
    await ledgerWrites(t.app.services).reward(top.user.id, 1000, "Seed", `embed-top-${target}`);
    await ledgerWrites(t.app.services).reward(top.user.id, 234, "Seed", `embed-top-2-${target}`);
    await t.createUser({ name: HOSTILE, ratingAvg: 4.9, ratingCount: 2, ratingSum: 10 });

    const page = await get(t, "/embed/leaderboard?limit=2");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = page.text;
    expect(html).toMatch(/^<!doctype html><html lang="en">/);
    expect(html).toContain("<title>Skill Exchange leaderboard: Top students · All time</title>");
    expect(html).toContain('<h1 dir="auto">Top students</h1>');
    expect(html).toMatch(
      /<th scope="col">Rank<\/th><th scope="col">Name<\/th><th scope="col" class="num">Rating<\/th><th scope="col" class="num">Skill Coins<\/th>/,
    );
    const rows = [...html.matchAll(/<tr><td>(.*?)<\/tr>/g)].map((m) => m[1]);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('<span class="r r1">1</span>');
    expect(rows[0]).toContain('<td class="name" dir="auto" title="Embed Top">Embed Top</td>');
    expect(rows[0]).toContain("5.0");
    expect(rows[0]).toContain("1,234");
    // The hostile name is text: escaped wherever it appears, never markup.
    expect(html).not.toContain("<img");
    expect(html).not.toContain('onerror="alert');
    expect(rows[1]).toContain(`dir="auto" title="&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&#39;&amp;&quot;"`);
    // Attribution: the full board in a new tab, and oEmbed discovery for this very page.
    expect(html).toContain(`<a href="${ORIGIN}/leaderboard/undefined" target="_blank" rel="noopener">`);
    expect(html).toContain('<span>Skill Exchange<span class="more">: full leaderboard</span></span>');
    const oembed = `${ORIGIN}/api/oembed?url=${encodeURIComponent(`${ORIGIN}/embed/leaderboard?limit=2`)}&amp;format=json`;
    expect(html).toContain(`<link rel="alternate" type="application/json+oembed" href="${oembed}"`);
  });

  it("is frameable by any site, sets and reads no cookie or token, caches publicly with an ETag and answers 304", async () => {
    const { token } = await t.createUser({ name: "Signed In Visitor" });
    const plain = await get(t, "/embed/leaderboard");
    const withCredentials = await get(t, "/embed/leaderboard", {
      cookie: "page_token=abc; session=xyz",
      authorization: `Bearer ${token}`,
    });
    for (const page of [plain, withCredentials]) {
      expect(page.status).toBe(200);
      expect(csp(page.headers)["frame-ancestors"]).toEqual(["*"]);
      expect(page.headers.get("x-frame-options")).toBeNull();
      expect(page.headers.get("set-cookie")).toBeNull();
      expect(page.headers.get("cache-control")).toBe("public, max-age=60");
      expect(page.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(page.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
      expect(page.headers.get("vary") ?? "").not.toMatch(/cookie|authorization/i);
    }
    // Public data only: the same page whoever asks.
    expect(withCredentials.text).toBe(plain.text);
    expect(withCredentials.headers.get("etag")).toBe(plain.headers.get("etag"));

    const etag = plain.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    // (fetch adds `Cache-Control: no-cache`, which always gets the answer, to a conditional request it is given; a browser revalidating does not.)
    const again = await get(t, "/embed/leaderboard", { "if-none-match": etag, "cache-control": "max-age=0", cookie: "x=1" });
    expect(again.status).toBe(304);
    expect(again.text).toBe("");
    expect(again.headers.get("set-cookie")).toBeNull();
    // A change of the board is a new page with a new validator.
    await t.createUser({ name: "Embed Newcomer", ratingAvg: 5, ratingCount: 9, ratingSum: 45 });
    const changed = await get(t, "/embed/leaderboard", { "if-none-match": etag, "cache-control": "max-age=0" });
    expect(changed.status).toBe(200);
    expect(changed.text).toContain("Embed Newcomer");
    expect(changed.headers.get("etag")).not.toBe(etag);
  });

  it("runs at most 30 KB of JavaScript, all of it allowed by the page's own CSP (by hash), and loads nothing else", async () => {
    const page = await get(t, "/embed/leaderboard?limit=50");
    const scripts = scriptsOf(page.text);
    expect(scripts.every((s) => !/\bsrc=/.test(s.attrs))).toBe(true);
    const bytes = scripts.reduce((n, s) => n + Buffer.byteLength(s.body), 0);
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(30 * 1024);
    const policy = csp(page.headers);
    const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
    expect(policy["script-src"]).toEqual(scripts.map((s) => hash(s.body)));
    const style = /<style>([\s\S]*?)<\/style>/.exec(page.text)![1];
    expect(policy["style-src"]).toEqual([hash(style)]);
    expect(policy["default-src"]).toEqual(["'none'"]);
    // No external files: no stylesheet, script, font or image is fetched.
    expect(page.text).not.toMatch(/<link rel="stylesheet"|<img|@import|url\((?!#)/);
  });

  it("shows a category's teachers, a period's numbers, the empty state and the forced theme", async () => {
    const category = CATEGORIES.find((c) => c === "Music & Performing Arts")!;
    const empty = await get(t, `/embed/leaderboard?category=${encodeURIComponent(category)}`);
    expect(empty.status).toBe(200);
    expect(empty.text).toContain(`<h1 dir="auto">Music &amp; Performing Arts</h1>`);
    expect(empty.text).toContain(`<p class="empty">No students teach Music &amp; Performing Arts yet.</p>`);
    expect(empty.text).not.toContain("<table");

    const teacher = await filledStudent(t, {
      name: "Guitar Teacher",
      known: [{ category, skill: "Guitar" }],
      overrides: { ratingAvg: 4, ratingCount: 1, ratingSum: 4 },
    });
    const board = await get(t, `/embed/leaderboard?category=${encodeURIComponent(category.toLowerCase())}&theme=dark`);
    expect(board.text).toContain('<html lang="en" data-theme="dark">');
    expect(board.text).toContain(">Guitar Teacher</td>");
    expect(board.text).toContain(teacher.user.name);
    expect(board.text.match(/<tr><td>/g)).toHaveLength(1);

    const week = await get(t, "/embed/leaderboard?period=week");
    expect(week.status).toBe(200);
    expect(week.text).toContain('<p class="eyebrow">Leaderboard · This week</p>');
    expect(week.text).toContain("No ratings or lessons this week yet.");
    // The link to the full board keeps the view.
    expect(week.text).toContain(`href="${ORIGIN}/leaderboard/undefined?period=week"`);
    expect((await get(t, "/embed/leaderboard?period=all_time")).status).toBe(200);
  });

  it("answers a bad parameter with a 400 page that says what is wrong, still frameable", async () => {
    const cases: Array<[string, string]> = [
      ["category=Knitting", EMBED_MESSAGES.category],
      ["period=year", EMBED_MESSAGES.period],
      ["limit=0", EMBED_MESSAGES.limit],
      ["limit=51", EMBED_MESSAGES.limit],
      ["limit=5.5", EMBED_MESSAGES.limit],
      ["limit=1e1", EMBED_MESSAGES.limit],
      ["limit=5&limit=6", EMBED_MESSAGES.limit],
      ["theme=blue", EMBED_MESSAGES.theme],
    ];
    for (const [query, message] of cases) {
      const page = await get(t, `/embed/leaderboard?${query}`, { cookie: "a=b" });
      expect(page.status, query).toBe(400);
      expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(page.text).toContain(`<p class="empty" role="alert">${message.replace(/&/g, "&amp;")}</p>`);
      expect(csp(page.headers)["frame-ancestors"]).toEqual(["*"]);
      expect(page.headers.get("x-frame-options")).toBeNull();
      expect(page.headers.get("set-cookie")).toBeNull();
    }
    // Parameters a host adds of its own are not ours to refuse.
    expect((await get(t, "/embed/leaderboard?utm_source=college&limit=3")).status).toBe(200);
  });

  it("answers a busy database with a 503 page and Retry-After, not a 500", async () => {
    const board = t.app.services.coins.leaderboard;
    const spy = vi.spyOn(board, "view").mockRejectedValueOnce(serviceBusy());
    try {
      const page = await get(t, "/embed/leaderboard?theme=dark");
      expect(page.status).toBe(503);
      expect(page.headers.get("retry-after")).toBe("5");
      expect(page.headers.get("cache-control")).toBe("no-store");
      expect(page.text).toContain('<html lang="en" data-theme="dark">');
      expect(page.text).toContain("The leaderboard is busy right now.");
      expect(csp(page.headers)["frame-ancestors"]).toEqual(["*"]);
    } finally {
      spy.mockRestore();
    }
  });

  it("answers oEmbed for the leaderboard page and the embed, per the spec", async () => {
    const oembed = (params: Record<string, string>) => t.rest("GET", `/oembed?${new URLSearchParams(params)}`);

    const page = await oembed({ url: `${ORIGIN}/leaderboard/undefined`, format: "json" });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(page.headers.get("access-control-allow-origin")).toBe("*");
    expect(page.body).toEqual({
      type: "rich",
      version: "1.0",
      title: "Skill Exchange leaderboard: Top students · All time",
      provider_name: "Skill Exchange",
      provider_url: `${ORIGIN}/`,
      cache_age: 86400,
      html: embedSnippet(ORIGIN),
      width: 400,
      height: embedHeight(10),
    });
    expect(page.body.html).toContain(
      `<iframe src="${ORIGIN}/embed/leaderboard" title="Skill Exchange leaderboard: Top students · All time"`,
    );
    expect(page.body.html).toContain('width="400" height="' + embedHeight(10) + '"');

    // The page's view is kept; an embed address keeps all of its own.
    const week = await oembed({ url: `${ORIGIN}/leaderboard/abc?period=week&category=other` });
    expect(week.status).toBe(200);
    expect(week.body.html).toContain(`src="${embedUrl(ORIGIN, { category: "Other", period: "week" }).replace(/&/g, "&amp;")}"`);
    const embed = await oembed({ url: `${ORIGIN}/embed/leaderboard?limit=25&theme=dark&period=month` });
    expect(embed.body.html).toContain(`src="${ORIGIN}/embed/leaderboard?period=month&amp;limit=25&amp;theme=dark"`);
    expect(embed.body.height).toBe(embedHeight(25));

    // maxwidth and maxheight are respected: narrower, and fewer rows rather than a scroll bar.
    const small = await oembed({ url: `${ORIGIN}/leaderboard/x`, maxwidth: "300", maxheight: "300" });
    expect(small.status).toBe(200);
    expect(small.body.width).toBe(300);
    expect(small.body.height).toBeLessThanOrEqual(300);
    expect(small.body.html).toContain(`width="300" height="${small.body.height}"`);
    const rows = Number(/limit=(\d+)/.exec(small.body.html)![1]);
    expect(embedHeight(rows)).toBeLessThanOrEqual(300);
    expect(embedHeight(rows + 1)).toBeGreaterThan(300);
    const wide = await oembed({ url: `${ORIGIN}/leaderboard/x`, maxwidth: "1200", maxheight: "2000" });
    expect([wide.body.width, wide.body.height]).toEqual([400, embedHeight(10)]);

    // Only this site's leaderboard pages: anything else is 404; XML is 501.
    for (const url of [
      "https://elsewhere.example/leaderboard/x",
      `http://skills.example.edu/leaderboard/x`,
      `${ORIGIN}/dashboard/x`,
      `${ORIGIN}/leaderboard/a/b`,
      `${ORIGIN}/embed/leaderboard?category=Knitting`,
    ]) {
      const r = await oembed({ url });
      expect(r.status, url).toBe(404);
      expect(r.body.code).toBe("NOT_FOUND");
    }
    const xml = await oembed({ url: `${ORIGIN}/leaderboard/x`, format: "xml" });
    expect(xml.status).toBe(501);
    expect(xml.body).toMatchObject({ error: "Only format=json is offered" });
    expect((await oembed({ url: "not a url" })).status).toBe(400);
    expect((await t.rest("GET", "/oembed")).body).toMatchObject({ error: "url is required", field: "url" });
    expect((await oembed({ url: `${ORIGIN}/leaderboard/x`, maxwidth: "wide" })).body).toMatchObject({ field: "maxwidth" });
  });

  it("lists oEmbed in the OpenAPI document", async () => {
    const doc = await t.rest("GET", "/openapi.json");
    const op = doc.body.paths["/oembed"].get;
    expect(op.parameters.map((p: { name: string }) => p.name).sort()).toEqual(["format", "maxheight", "maxwidth", "url"]);
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(["200", "404", "501"]));
  });
});

describe("the embed's framing and discovery settings", () => {
  let t: TestApp;
  beforeAll(async () => {
    const webDist = mkdtempSync(path.join(os.tmpdir(), "sx-embed-web-"));
    mkdirSync(webDist, { recursive: true });
    writeFileSync(
      path.join(webDist, "index.html"),
      '<!doctype html><html><head><title>Skill Exchange</title></head><body><div id="root"></div></body></html>',
    );
    t = await startTestApp("sqlite", {
      webDist,
      env: { PUBLIC_URL: ORIGIN, EMBED_FRAME_ANCESTORS: "https://college.example, https://*.college.example" },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("lets only the sites EMBED_FRAME_ANCESTORS names frame it", async () => {
    const page = await get(t, "/embed/leaderboard");
    // This site too, whose "Embed this" dialog previews it.
    expect(csp(page.headers)["frame-ancestors"]).toEqual(["'self'", "https://college.example", "https://*.college.example"]);
    expect(page.headers.get("x-frame-options")).toBeNull();
    // The rest of the app keeps the global headers: not frameable.
    expect((await get(t, "/healthz")).headers.get("x-frame-options")).toBe("SAMEORIGIN");
  });

  it("makes the web app's leaderboard page discoverable with a Link header", async () => {
    const board = await get(t, "/leaderboard/someone?period=week", { accept: "text/html" });
    expect(board.status).toBe(200);
    const url = encodeURIComponent(`${ORIGIN}/leaderboard/someone?period=week`);
    expect(board.headers.get("link")).toBe(
      `<${ORIGIN}/api/oembed?url=${url}&format=json>; rel="alternate"; type="application/json+oembed"; title="Skill Exchange leaderboard"`,
    );
    expect((await get(t, "/about", { accept: "text/html" })).headers.get("link")).toBeNull();
  });
});
