import "reflect-metadata";
import express from "express";
import { createServer, IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { startTestApp } from "../../test/harness.js";
import { requestClasses } from "./http.js";

describe("the HTTP server's request classes", () => {
  const app = express();
  const classes = requestClasses();
  const server = createServer(classes);
  const seen: Array<{ request: boolean; response: boolean }> = [];
  app.get("/echo", (req, res) => {
    res.status(201).json({ q: req.query.q, path: req.path, secure: req.secure });
  });
  classes.adopt(app);
  server.on("request", (req, res) => {
    // Before Express sees them: already on its prototypes, so its setPrototypeOf changes nothing.
    seen.push({
      request: Object.getPrototypeOf(req) === app.request,
      response: Object.getPrototypeOf(res) === app.response,
    });
    app(req, res);
  });
  const listening = new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("makes requests and responses on Express's prototypes, and Express still serves them", async () => {
    await listening;
    const { port } = server.address() as AddressInfo;
    const r = await fetch(`http://127.0.0.1:${port}/echo?q=pyth`);
    expect(r.status).toBe(201);
    expect(await r.json()).toEqual({ q: "pyth", path: "/echo", secure: false });
    expect(seen).toEqual([{ request: true, response: true }]);
  });

  it("are what the app's server makes every request with, REST and GraphQL alike", async () => {
    const t = await startTestApp("sqlite");
    try {
      const shapes: string[] = [];
      t.app.httpServer.prependListener("request", (req: IncomingMessage, res: ServerResponse) => {
        const onExpress =
          Object.getPrototypeOf(Object.getPrototypeOf(req)) !== IncomingMessage.prototype &&
          Object.getPrototypeOf(Object.getPrototypeOf(res)) !== ServerResponse.prototype &&
          typeof (res as ServerResponse & { json?: unknown }).json === "function";
        shapes.push(`${req.url}: ${onExpress}`);
      });
      expect((await t.rest("GET", "/leaderboard")).status).toBe(200);
      expect((await t.gql("{ __typename }")).data).toEqual({ __typename: "Query" });
      expect(shapes).toEqual(["/api/leaderboard: true", "/graphql: true"]);
    } finally {
      await t.close();
    }
  });
});
