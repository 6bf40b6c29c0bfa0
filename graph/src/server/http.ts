import { expressMiddleware } from "@as-integrations/express5";
import type { ApolloServer } from "@apollo/server";
import compression from "compression";
import cors from "cors";
import express, { type Express } from "express";
import helmet from "helmet";
import { databaseUp } from "../modules/system/system.resolver.js";
import type { Services } from "../services.js";
import type { ShiftableClock } from "../shared/clock.js";
import { type Context, contextFromRequest } from "./context.js";
import { createRestRouter } from "./rest.js";
import { mountStatic } from "./static.js";
import { mountUploads } from "./uploads.js";

export interface HttpOptions {
  /** Folder of the built web app; tests that need no pages pass a missing folder. */
  webDist?: string;
  /** Set with E2E_HOOKS=on: POST /__e2e/clock moves this clock forward. */
  e2eClock?: ShiftableClock;
}

export function createExpressApp(services: Services, apollo: ApolloServer<Context>, opts: HttpOptions = {}): Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback");
  app.use(
    helmet({
      // GraphiQL and Vite's React build need inline styles; scripts stay same-origin only.
      contentSecurityPolicy: {
        directives: {
          "default-src": ["'self'"],
          "script-src": ["'self'", "https://checkout.razorpay.com"],
          "style-src": ["'self'", "'unsafe-inline'"],
          "img-src": ["'self'", "data:", "blob:", "https:"],
          "connect-src": ["'self'", "ws:", "wss:", "https://api.razorpay.com", "https://lumberjack.razorpay.com"],
          "frame-src": ["'self'", "https://api.razorpay.com", "https://checkout.razorpay.com"],
          "worker-src": ["'self'", "blob:"],
          // Plain-http deployments (and ws://) must keep working; TLS is the proxy's job.
          "upgrade-insecure-requests": null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use(compression());

  app.get("/healthz", async (_req, res) => {
    const up = await databaseUp({ services });
    res.status(up ? 200 : 503).json({ status: up ? "ok" : "unavailable", database: up ? "up" : "down" });
  });

  app.use(
    "/graphql",
    cors<cors.CorsRequest>(),
    express.json({ limit: "1mb" }),
    expressMiddleware(apollo, { context: async ({ req }) => contextFromRequest(services, req) }),
  );
  if (services.deps.config.e2eHooks && opts.e2eClock) {
    app.post("/__e2e/clock", express.json(), (req, res) => {
      const ms = Number((req.body as { advanceMs?: unknown }).advanceMs);
      if (!Number.isFinite(ms) || ms < 0) return void res.status(400).json({ error: "advanceMs must be >= 0" });
      opts.e2eClock!.advance(ms);
      res.json({ now: services.deps.clock.now().toISOString() });
    });
  }
  app.use("/api", createRestRouter(services));
  mountUploads(app, services.deps.storage);
  mountStatic(app, opts.webDist);
  return app;
}
