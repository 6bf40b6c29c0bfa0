/**
 * The signed-in dashboard's blocking time in Chromium at 4x CPU, as Lighthouse simulates a phone
 * (issue #37): the sum, over the page's long tasks after its first contentful paint, of each
 * task's time past 50 ms, as the page's own PerformanceObserver sees them ("longtask"). The same
 * definition as Lighthouse's TBT, measured on the page instead of simulated from a trace: cheap
 * enough to run many loads, and to compare two builds side by side, loads alternating, so that
 * both meet the same machine (on a shared 2-core box Lighthouse's TBT for one build varies 2-3x).
 *   npm run bench:blocking -- --url http://127.0.0.1:4100 [--runs 8]
 *   npm run bench:blocking -- --url http://127.0.0.1:4100 --baseline http://127.0.0.1:4101 [--rounds 3 --runs 4]
 * Each URL is a server already running (`npm start`, production) with the demo data. The page is
 * the one Lighthouse measures: 412x823 at 1.75x, touch, the session as the web app keeps it (the
 * token in localStorage and its page_token cookie, so the server renders the page), service workers
 * blocked, a fresh context per load. Prints each load, the medians and, with a baseline, the ratio.
 * Only loopback addresses are measured.
 */
import { type Browser, chromium } from "playwright-core";
import { PAGE_TOKEN_COOKIE, PAGE_TOKEN_PATH } from "../common/pages.js";
import { assertLoopback, demoLogin } from "./support/demo.js";
import { intFlag, median, ratio, table } from "./support/stats.js";

const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
/** Lighthouse's mobile CPU slowdown. */
const CPU_SLOWDOWN = 4;
/** After the network is idle, how long more the page is watched for late tasks (effects, subscriptions). */
const SETTLE_MS = 3000;

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

interface Load {
  fcp: number;
  blocking: number;
  tasks: Array<[start: number, duration: number]>;
}

/** One load of the demo student's dashboard in a fresh context. */
async function load(browser: Browser, url: string, session: { token: string; userId: string }): Promise<Load> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: "block",
  });
  try {
    await context.addCookies([
      { name: PAGE_TOKEN_COOKIE, value: session.token, domain: new URL(url).hostname, path: PAGE_TOKEN_PATH, sameSite: "Lax" },
    ]);
    await context.addInitScript((token) => {
      localStorage.setItem("jwt", token);
      const seen: Array<[number, number]> = [];
      (globalThis as unknown as { __longTasks: typeof seen }).__longTasks = seen;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) seen.push([e.startTime, e.duration]);
      }).observe({ type: "longtask", buffered: true });
    }, session.token);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await page.goto(`${url}/dashboard/${session.userId}`, { waitUntil: "networkidle" });
    await page.waitForTimeout(SETTLE_MS);
    return await page.evaluate(() => {
      const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
      const tasks = (globalThis as unknown as { __longTasks: Array<[number, number]> }).__longTasks.filter(([start]) => start >= fcp);
      return { fcp, tasks, blocking: tasks.reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0) };
    });
  } finally {
    await context.close();
  }
}

const url = arg("url")?.replace(/\/$/, "");
if (!url) throw new Error("--url http://127.0.0.1:PORT (a running server with the demo data)");
const baseline = arg("baseline")?.replace(/\/$/, "");
const targets = [...(baseline ? [{ name: "baseline", url: baseline }] : []), { name: "this", url }];
for (const t of targets) assertLoopback(t.url);
const rounds = intFlag("rounds", baseline ? 3 : 1);
const runs = intFlag("runs", baseline ? 4 : 8);

const sessions = new Map(await Promise.all(targets.map(async (t) => [t.url, await demoLogin(t.url)] as const)));
const results = new Map<string, number[]>(targets.map((t) => [t.name, []]));
const browser = await chromium.launch({ executablePath: CHROME, args: ["--no-sandbox"] });
try {
  for (let r = 0; r < rounds; r++) {
    for (const t of targets) {
      for (let i = 0; i < runs; i++) {
        const l = await load(browser, t.url, sessions.get(t.url)!);
        results.get(t.name)!.push(l.blocking);
        const tasks = l.tasks.map(([s, d]) => `${Math.round(s)}+${Math.round(d)}`).join(" ");
        console.log(
          `${t.name} ${r + 1}.${i + 1}: FCP ${Math.round(l.fcp)} ms, blocking ${Math.round(l.blocking)} ms (long tasks at ms+ms: ${tasks})`,
        );
      }
    }
  }
} finally {
  await browser.close();
}

const rows: string[][] = [["build", "loads", "blocking median", "min", "max"]];
for (const t of targets) {
  const v = results.get(t.name)!;
  rows.push([
    `${t.name} (${t.url})`,
    String(v.length),
    `${Math.round(median(v))} ms`,
    `${Math.round(Math.min(...v))} ms`,
    `${Math.round(Math.max(...v))} ms`,
  ]);
}
console.log(`\nDashboard blocking time after the first paint, CPU ${CPU_SLOWDOWN}x, 412x823 at 1.75x`);
console.log(table(rows));
if (baseline) console.log(`this / baseline (medians): ${ratio(median(results.get("this")!), median(results.get("baseline")!))}`);
