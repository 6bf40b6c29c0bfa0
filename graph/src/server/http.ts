import { expressMiddleware } from "@as-integrations/express5";
import type { ApolloServer } from "@apollo/server";
import compression from "compression";
import cors from "cors";
import express, { type Express } from "express";
import helmet from "helmet";
import { databaseUp } from "../modules/system/system.resolver.js";
import type { Services } from "../services.js";
import { type Context, contextFromRequest } from "./context.js";
import { createRestRouter } from "./rest.js";
import { mountStatic } from "./static.js";

export interface HttpOptions {
  /** Folder of the built web app; tests that need no pages pass a missing folder. */
  webDist?: string;
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
  app.use("/api", createRestRouter(services));
  mountStatic(app, opts.webDist);
  return app;
}
