import express, { type Express } from "express";
import { existsSync } from "node:fs";
import path from "node:path";
import { PROJECT_ROOT } from "../shared/paths.js";

export const WEB_DIST = path.join(PROJECT_ROOT, "dist/web");

/**
 * The built web app and the GraphQL sandbox. Hashed assets are cached for a year;
 * HTML never, so a deploy is picked up at once. Client-side routes fall back to index.html.
 */
export function mountStatic(app: Express, dist = WEB_DIST): void {
  if (!existsSync(path.join(dist, "index.html"))) {
    app.get("/", (_req, res) => {
      res.status(503).type("text").send("The web app is not built yet: run `npm run build` (npm start does it for you).");
    });
    return;
  }
  app.use("/assets", express.static(path.join(dist, "assets"), { immutable: true, maxAge: "365d", fallthrough: false }));
  app.use(
    express.static(dist, {
      index: false,
      maxAge: "1h",
      redirect: false,
      // /index.html or /sandbox/index.html asked for by name: no-cache like the routes below.
      setHeaders: (res, file) => void (file.endsWith(".html") && res.setHeader("Cache-Control", "no-cache")),
    }),
  );
  const sendHtml = (file: string) => (_req: express.Request, res: express.Response) => {
    res.setHeader("Cache-Control", "no-cache");
    res.sendFile(path.join(dist, file));
  };
  app.get(["/sandbox", "/sandbox/"], sendHtml("sandbox/index.html"));
  app.get(/^\/(?!api\/|graphql|healthz|uploads\/|__e2e).*/, (req, res, next) => {
    if (!req.accepts("html")) return next();
    sendHtml("index.html")(req, res);
  });
}
