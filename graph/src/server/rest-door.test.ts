/**
 * A REST GET with no body is answered by the REST door (rest-door.ts) without Express's routers:
 * each answer must be the one Express gives for the same request, byte for byte and header for
 * header. A GET with `Content-Length: 0` is one the door declines (it has a body, however empty),
 * so the same request sent that way is Express's answer to compare with.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import zlib from "node:zlib";
import type { AddressInfo } from "node:net";
import express, { type NextFunction, type Request, type Response } from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { dbTargets, startTestApp, type TestApp } from "../../test/harness.js";
import { filledStudent } from "../../test/profiles.js";
import { requestClasses } from "./http.js";
import { literalStart, restDoor } from "./rest-door.js";

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(url: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${url}${path}`, { method: "GET", headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** What may differ between two answers to the same request: the time. */
const comparable = (a: Answer) => {
  const { date: _date, ...headers } = a.headers;
  return { status: a.status, headers, body: a.body.toString("base64") };
};

const routerRuns = vi.spyOn(express.Router.prototype as unknown as { handle: () => void }, "handle");

/** The door's answer (no router ran) and Express's (a router ran), which must be the same. */
async function compareDoors(url: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  routerRuns.mockClear();
  const door = await get(url, path, headers);
  expect(routerRuns).not.toHaveBeenCalled();
  const viaExpress = await get(url, path, { ...headers, "content-length": "0" });
  expect(routerRuns).toHaveBeenCalled();
  expect(comparable(door)).toEqual(comparable(viaExpress));
  return door;
}

describe("the REST door's walk of the routes", () => {
  let server: http.Server;
  let url: string;
  beforeAll(async () => {
    const routes = express.Router();
    const echo = (req: Request, res: Response) =>
      void res.json({ params: req.params, url: req.url, baseUrl: req.baseUrl, originalUrl: req.originalUrl, query: req.query });
    // A route whose path starts with a parameter, before the literal ones it shadows.
    routes.get("/:who/greeting", (req, res) => void res.json({ greeting: req.params.who }));
    routes.get("/thing/:id", (req, _res, next) => next(req.params.id === "special" ? "route" : undefined), echo);
    routes.get("/thing/special", (_req, res) => void res.json({ second: true }));
    // Paths the door cannot read a literal start of, or whose start is not all of what they match.
    routes.get("/slashed/", (_req, res) => void res.json({ slashed: true }));
    routes.get(/^\/pattern-(\d+)$/, (req, res) => void res.json({ pattern: req.params[0] }));
    routes.get(["/one", "/two/:n"], (req, res) => void res.json({ list: req.params }));
    routes.get("/declines", (_req, _res, next) => next());
    routes.get("/leaves", (_req, _res, next) => next("router"));
    routes.get("/throws", () => {
      throw new Error("thrown");
    });
    routes.get("/rejects", async () => {
      throw new Error("rejected");
    });
    const notFound = (_req: Request, res: Response) => void res.status(404).json({ error: "Not found" });
    const onError = (err: unknown, _req: Request, res: Response) => void res.status(500).json({ error: (err as Error).message });
    const classes = requestClasses();
    const app = express();
    app.disable("x-powered-by"); // as the app's (the door adds no header)
    app.use("/api", express.Router().use(routes).use(notFound), (err: unknown, req: Request, res: Response, _next: NextFunction) =>
      onError(err, req, res),
    );
    classes.adopt(app);
    const door = restDoor({ routes, mount: "/api", before: [], notFound, onError });
    server = http.createServer(classes, (req, res) => void (door(req, res) || app(req, res)));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("sets params and the mount's urls as Express's routers do", async () => {
    const res = await compareDoors(url, "/api/thing/42?x=1&y=two");
    expect(JSON.parse(res.body.toString())).toEqual({
      params: { id: "42" },
      url: "/thing/42?x=1&y=two",
      baseUrl: "/api",
      originalUrl: "/api/thing/42?x=1&y=two",
      query: { x: "1", y: "two" },
    });
  });

  it("tries the routes in the order Express does, whatever their first segment, matching case-insensitively", async () => {
    expect(JSON.parse((await compareDoors(url, "/api/thing/greeting")).body.toString())).toEqual({ greeting: "thing" });
    expect(JSON.parse((await compareDoors(url, "/api/THING/7")).body.toString())).toMatchObject({ params: { id: "7" } });
    expect(JSON.parse((await compareDoors(url, "/api/anyone/greeting")).body.toString())).toEqual({ greeting: "anyone" });
  });

  it("finds routes by a trailing-slash path, a regular expression or a list of paths as Express does", async () => {
    expect(JSON.parse((await compareDoors(url, "/api/Slashed")).body.toString())).toEqual({ slashed: true });
    expect(JSON.parse((await compareDoors(url, "/api/slashed/")).body.toString())).toEqual({ slashed: true });
    expect(JSON.parse((await compareDoors(url, "/api/pattern-12")).body.toString())).toEqual({ pattern: "12" });
    expect(JSON.parse((await compareDoors(url, "/api/two/3")).body.toString())).toEqual({ list: { n: "3" } });
    expect(JSON.parse((await compareDoors(url, "/api/one")).body.toString())).toEqual({ list: {} });
  });

  it("reads the literal start of a route's path, lowercased, without a trailing slash", () => {
    expect(literalStart("/user/:id")).toBe("/user");
    expect(literalStart("/Snakegame/:userID/details")).toBe("/snakegame");
    expect(literalStart("/:userId/rewards")).toBe("");
    expect(literalStart("/dashboard/search")).toBe("/dashboard/search");
    expect(literalStart("/files{/:name}")).toBe("/files");
    expect(literalStart("/a b")).toBe("/a");
    expect(literalStart(/^\/x/)).toBe("");
    expect(literalStart(["/one", "/two"])).toBe("");
  });

  it('goes on to the next matching route on next("route"), to the 404 when every route declines or one leaves the router', async () => {
    expect(JSON.parse((await compareDoors(url, "/api/thing/special")).body.toString())).toEqual({ second: true });
    expect((await compareDoors(url, "/api/declines")).status).toBe(404);
    expect((await compareDoors(url, "/api/leaves")).status).toBe(404);
  });

  it("gives a thrown or rejected error to the error handler", async () => {
    expect(JSON.parse((await compareDoors(url, "/api/throws")).body.toString())).toEqual({ error: "thrown" });
    expect(JSON.parse((await compareDoors(url, "/api/rejects")).body.toString())).toEqual({ error: "rejected" });
  });
});

describe.each(dbTargets)("the REST door (%s)", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => routerRuns.mockClear());
  const bothWays = (path: string, headers: Record<string, string> = {}) => compareDoors(t.url, path, headers);

  it("answers a public profile, and an unknown one, as Express does", async () => {
    const student = await filledStudent(t, { name: "Door Student", known: ["Python"], languages: ["Tamil", "English"] });
    const ok = await bothWays(`/api/user/${student.id}`);
    expect(ok.status).toBe(200);
    const body = JSON.parse(ok.body.toString());
    expect(body.user).toMatchObject({ name: "Door Student", languages: ["Tamil", "English"] });
    expect(ok.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(ok.headers["x-content-type-options"]).toBe("nosniff");

    const missing = await bothWays(`/api/user/${randomUUID()}`);
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body.toString())).toMatchObject({ error: "User not found" });
  });

  it("answers a signed-in read, and refuses it without a token, as Express does", async () => {
    const me = await filledStudent(t);
    const mine = await bothWays("/api/user/chat", { authorization: `Bearer ${me.token}` });
    expect(mine.status).toBe(200);
    expect(JSON.parse(mine.body.toString())).not.toHaveProperty("user");
    const anonymous = await bothWays("/api/user/chat");
    expect(anonymous.status).toBe(401);
  });

  it("reads the query string, and refuses a bad one naming the field", async () => {
    const me = await filledStudent(t);
    const page = await bothWays("/api/dashboard?skip=0", { authorization: `Bearer ${me.token}` });
    expect(page.status).toBe(200);
    const bad = await bothWays("/api/dashboard?skip=minus", { authorization: `Bearer ${me.token}` });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body.toString())).toMatchObject({ code: "BAD_USER_INPUT", field: "skip" });
  });

  it("keeps the leaderboard's CORS, validators and 304, and compresses for a client that accepts it", async () => {
    const board = await bothWays("/api/leaderboard", { origin: "https://integrator.example" });
    expect(board.status).toBe(200);
    expect(board.headers["access-control-allow-origin"]).toBe("*");
    const etag = String(board.headers.etag);
    const again = await bothWays("/api/leaderboard", { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);

    // The OpenAPI document: an answer over compression's 1 KB threshold.
    const gzip = await bothWays("/api/openapi.json", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(zlib.gunzipSync(gzip.body).toString()).openapi).toBe("3.1.0");
  });

  it("leaves to Express what no route answers, what a middleware serves, and what does not decode", async () => {
    for (const path of ["/api/no-such-route", "/api/docs/assets/swagger-ui.css", "/api/user/%E0%A4%A", "/apix/user/1"]) {
      routerRuns.mockClear();
      const res = await get(t.url, path);
      expect(routerRuns, path).toHaveBeenCalled();
      expect(res.status, path).toBeLessThan(500);
    }
    expect((await get(t.url, "/api/no-such-route")).status).toBe(404);
  });
});
