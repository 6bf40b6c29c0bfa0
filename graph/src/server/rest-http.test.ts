/**
 * The REST layer as Fastify serves it (fastify-rest.ts) from the modules' route list: paths match
 * as they always did (any case, with or without a trailing slash), a route's path parameters that
 * are not its own are the REST 404, bodies are read as before (JSON only, empty is `{}`, the size
 * limits, the raw bytes for the webhook), and the answers keep their headers.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbTargets, startTestApp, type TestApp } from "../../test/harness.js";
import { PROFILE_MESSAGES } from "../../../common/profiles.js";
import { filledStudent, PNG } from "../../test/profiles.js";

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A raw request (fetch would decompress and hide Content-Encoding). */
function send(url: string, method: string, path: string, headers: Record<string, string> = {}, body?: string | Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${url}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const json = (a: Answer): unknown => JSON.parse(a.body.toString());

describe.each(dbTargets)("the REST layer over Fastify (%s)", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers a public profile with the app's headers; an unknown one is 404, a path that is not an id the REST 404", async () => {
    const student = await filledStudent(t, { name: "Fastify Student", known: ["Python"], languages: ["Tamil", "English"] });
    const ok = await send(t.url, "GET", `/api/user/${student.id}`);
    expect(ok.status).toBe(200);
    expect(json(ok)).toMatchObject({ user: { name: "Fastify Student", languages: ["Tamil", "English"] } });
    expect(ok.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(ok.headers["x-content-type-options"]).toBe("nosniff");
    expect(ok.headers["content-type"]).toBe("application/json; charset=utf-8");

    const missing = await send(t.url, "GET", `/api/user/${randomUUID()}`);
    expect([missing.status, json(missing)]).toEqual([404, { error: "User not found", code: "NOT_FOUND" }]);
    const notAnId = await send(t.url, "GET", "/api/user/not-an-id");
    expect([notAnId.status, json(notAnId)]).toEqual([404, { error: "Not found", code: "NOT_FOUND" }]);
  });

  it("matches paths regardless of case and of a trailing slash; answers the REST 404 for a path no route takes", async () => {
    const me = await filledStudent(t);
    const auth = { authorization: `Bearer ${me.token}` };
    for (const path of ["/api/user/chat", "/api/USER/Chat", "/api/user/chat/"]) {
      const res = await send(t.url, "GET", path, auth);
      expect([path, res.status]).toEqual([path, 200]);
    }
    expect((await send(t.url, "GET", "/api/user/chat")).status).toBe(401);
    for (const [method, path] of [
      ["GET", "/api/no-such-route"],
      ["POST", "/api/no-such-route"],
      ["DELETE", "/api/login"],
    ]) {
      const res = await send(t.url, method, path);
      expect([method, path, res.status, json(res)]).toEqual([method, path, 404, { error: "Not found", code: "NOT_FOUND" }]);
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
    }
    for (const path of ["/api/user/%E0%A4%A", "/apix/user/1"]) expect((await send(t.url, "GET", path)).status).toBeLessThan(500);
  });

  it("reads the query string, and refuses a bad one naming the field", async () => {
    const me = await filledStudent(t);
    const auth = { authorization: `Bearer ${me.token}` };
    expect((await send(t.url, "GET", "/api/dashboard?skip=0", auth)).status).toBe(200);
    const bad = await send(t.url, "GET", "/api/dashboard?skip=minus", auth);
    expect(bad.status).toBe(400);
    expect(json(bad)).toMatchObject({ code: "BAD_USER_INPUT", field: "skip" });
  });

  it("reads JSON bodies as before: empty is {}, not JSON or not an object is a 400, past the limit a 413", async () => {
    const type = { "content-type": "application/json" };
    const empty = await send(t.url, "POST", "/api/login", type, "");
    const braces = await send(t.url, "POST", "/api/login", type, "{}");
    expect([empty.status, json(empty)]).toEqual([braces.status, json(braces)]);
    for (const body of ["{ not json", '"a string"', "42"]) {
      const res = await send(t.url, "POST", "/api/login", type, body);
      expect([body, res.status, json(res)]).toEqual([body, 400, { error: "Bad request", code: "BAD_USER_INPUT" }]);
    }
    const large = await send(t.url, "POST", "/api/login", type, JSON.stringify({ email: "x".repeat(300 * 1024) }));
    expect([large.status, json(large)]).toEqual([413, { error: "Request too large", code: "BAD_USER_INPUT" }]);
    // The profile form may carry its picture as a data URL: up to 4 MB there.
    const me = await filledStudent(t);
    const form = await send(
      t.url,
      "POST",
      "/api/profileDetails",
      { ...type, authorization: `Bearer ${me.token}` },
      JSON.stringify({ pad: "x".repeat(1024 * 1024) }),
    );
    expect(form.status).not.toBe(413);
    const tooLarge = await send(t.url, "POST", "/api/profileDetails", type, JSON.stringify({ pad: "x".repeat(4 * 1024 * 1024) }));
    expect(tooLarge.status).toBe(413);
    // A body of another type is not read: the route sees none.
    const text = await send(t.url, "POST", "/api/login", { "content-type": "text/plain" }, "x".repeat(300 * 1024));
    expect([text.status, json(text)]).toEqual([braces.status, json(braces)]);
  });

  it("keeps the leaderboard's CORS, validators and 304, and compresses for a client that accepts it", async () => {
    const board = await send(t.url, "GET", "/api/leaderboard", { origin: "https://integrator.example" });
    expect(board.status).toBe(200);
    expect(board.headers["access-control-allow-origin"]).toBe("*");
    expect(board.headers["access-control-expose-headers"]).toBe("ETag,Last-Modified,RateLimit-Policy,RateLimit,Retry-After");
    const etag = String(board.headers.etag);
    const again = await send(t.url, "GET", "/api/leaderboard", { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const since = await send(t.url, "GET", "/api/leaderboard", { "if-modified-since": String(board.headers["last-modified"]) });
    expect(since.status).toBe(304);
    const other = await send(t.url, "GET", "/api/leaderboard", { "if-none-match": '"other"' });
    expect(other.status).toBe(200);
    // Other routes are same-origin only.
    const login = await send(
      t.url,
      "POST",
      "/api/login",
      { origin: "https://integrator.example", "content-type": "application/json" },
      "{}",
    );
    expect(login.headers["access-control-allow-origin"]).toBeUndefined();

    // The OpenAPI document: an answer over compression's 1 KB threshold.
    const gzip = await send(t.url, "GET", "/api/openapi.json", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect((JSON.parse(zlib.gunzipSync(gzip.body).toString()) as { openapi: string }).openapi).toBe("3.1.0");
  });

  it("reads the one image of a multipart upload, and refuses any other file, too many parts or no multipart body as before", async () => {
    const { token } = await t.createUser();
    const upload = async (form: FormData | string) => {
      const res = await fetch(`${t.url}/api/upload/image`, {
        method: "POST",
        body: form,
        headers: { authorization: `Bearer ${token}`, ...(typeof form === "string" ? { "content-type": "application/json" } : {}) },
      });
      return [res.status, ((await res.json()) as { error: string }).error];
    };
    const png = () => new Blob([new Uint8Array(PNG)], { type: "image/png" });
    const ok = new FormData();
    ok.append("caption", "me");
    ok.append("image", png(), "me.png");
    expect(await upload(ok)).toEqual([200, ""]);
    const otherField = new FormData();
    otherField.append("photo", png(), "me.png");
    expect(await upload(otherField)).toEqual([400, PROFILE_MESSAGES.imageType]);
    const manyParts = new FormData();
    for (let i = 0; i < 7; i++) manyParts.append(`field${i}`, "x");
    manyParts.append("image", png(), "me.png");
    expect(await upload(manyParts)).toEqual([400, PROFILE_MESSAGES.imageType]);
    expect(await upload("{}")).toEqual([400, PROFILE_MESSAGES.imageType]);
  });

  it("serves the API viewer and its files", async () => {
    const page = await send(t.url, "GET", "/api/docs");
    expect([page.status, page.headers["content-type"]]).toEqual([200, "text/html; charset=utf-8"]);
    const slash = await send(t.url, "GET", "/api/docs/");
    expect([slash.status, slash.headers.location]).toEqual([301, "../docs"]);
    const css = await send(t.url, "GET", "/api/docs/assets/swagger-ui.css");
    expect(css.status).toBe(200);
    expect(css.headers["content-type"]).toMatch(/^text\/css/);
  });
});
