import compression from "compression";
import cors from "cors";
import express, { type ErrorRequestHandler, type Express, type Request, type RequestHandler, type Response } from "express";
import helmet from "helmet";
import { IncomingMessage, type ServerOptions, ServerResponse } from "node:http";
import zlib from "node:zlib";
import proxyaddr from "proxy-addr";
import { databaseUp } from "../modules/system/system.resolver.js";
import type { Services } from "../services.js";
import type { ShiftableClock } from "../shared/clock.js";
import type { Logger } from "../shared/logger.js";
import type { GraphqlServer } from "./apollo.js";
import { graphqlDoor, type NodeMiddleware } from "./graphql-door.js";
import { createRestApi, type RestApi } from "./rest.js";
import { restDoor } from "./rest-door.js";
import { mountStatic } from "./static.js";
import { mountUploads } from "./uploads.js";

export interface HttpOptions {
  /** Folder of the built web app; tests that need no pages pass a missing folder. */
  webDist?: string;
  /** Set with E2E_HOOKS=on: POST /__e2e/clock moves this clock forward (or back to real time); POST /__e2e/jobs runs due jobs. */
  e2eClock?: ShiftableClock;
}

/**
 * The headers a middleware sets when they never depend on the request (helmet's, with a static
 * CSP): computed once by running it, then set on every response in one step instead of running
 * its dozen header functions per request.
 */
export function staticHeaders(middleware: RequestHandler): RequestHandler {
  const headers: Array<[string, string | string[]]> = [];
  const probe = {
    setHeader: (name: string, value: string | string[]) => void headers.push([name, value]),
    removeHeader: () => {},
    getHeader: () => undefined,
  };
  let synchronous = false;
  middleware({ headers: {}, method: "GET", url: "/" } as Request, probe as unknown as Response, () => void (synchronous = true));
  if (!synchronous) throw new Error("staticHeaders: the middleware did not finish synchronously");
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

/** Proxies whose X-Forwarded-For is believed: a reverse proxy on the same machine. */
const TRUST_PROXY = "loopback";

/**
 * The request and response classes the HTTP server makes its objects with. Express moves every
 * request and response it handles onto its own prototypes (`Object.setPrototypeOf` in `app.handle`),
 * a hidden-class change per object that left node's HTTP code and ours meeting two shapes of each.
 * Once `adopt` has the app, these classes' prototypes are the app's request and response
 * prototypes (Express's methods, then node's), so every object is born what Express would make it
 * and its `setPrototypeOf` is a no-op. Subclasses rather than plain functions, so V8 still sizes the
 * objects for node's constructors' fields. The GraphQL door's requests share the same shapes.
 */
export function requestClasses(): Pick<ServerOptions, "IncomingMessage" | "ServerResponse"> & { adopt(app: Express): void } {
  class AppRequest extends IncomingMessage {}
  class AppResponse extends ServerResponse {}
  const take = (own: object, from: object) => {
    Object.setPrototypeOf(own, Object.getPrototypeOf(from));
    Object.defineProperties(own, Object.getOwnPropertyDescriptors(from));
  };
  return {
    IncomingMessage: AppRequest,
    ServerResponse: AppResponse as unknown as typeof ServerResponse,
    adopt(app) {
      take(AppRequest.prototype, app.request);
      take(AppResponse.prototype, app.response);
      app.request = AppRequest.prototype as typeof app.request;
      app.response = AppResponse.prototype as typeof app.response;
    },
  };
}

/**
 * The server's request handler: POST/GET /graphql go to the GraphQL door (graphql-door.ts: the
 * same headers, CORS and body parser, then Apollo, without Express's per-request machinery); a
 * REST GET with no body to the REST door (rest-door.ts: the same headers and route handlers,
 * without Express's routers) when a route matches it; everything else (other REST requests,
 * uploads, the web app) to Express. The request and response classes are the server's (they are
 * made with Express's prototypes, which the REST door's handlers use).
 */
export function createRequestListener(
  services: Services,
  graphqlServer: GraphqlServer,
  opts: HttpOptions,
  classes: ReturnType<typeof requestClasses>,
) {
  const common = [staticHeaders(helmetWithCsp()), compressWhenAccepted()];
  const rest = createRestApi(services);
  const app = createExpressApp(services, common, opts, rest);
  classes.adopt(app);
  const restFast = restDoor({
    routes: rest.routes,
    mount: REST_MOUNT,
    before: common as unknown as NodeMiddleware[],
    notFound: rest.notFound,
    onError: rest.onError,
  });
  const graphql = graphqlDoor({
    graphql: graphqlServer,
    services,
    before: [...common, cors<cors.CorsRequest>(), express.json({ limit: "1mb" })] as unknown as NodeMiddleware[],
    trust: proxyaddr.compile(TRUST_PROXY),
    onError: (err, req, res) => {
      const { status, body } = errorAnswer(err, "/graphql", services.deps.logger);
      if (res.headersSent) return void res.destroy();
      res.statusCode = status;
      res.setHeader("content-type", "application/json; charset=utf-8");
      res.end(JSON.stringify(body));
    },
  });
  return (req: IncomingMessage, res: ServerResponse) => {
    if (GRAPHQL_PATH.test(req.url ?? "")) return graphql(req, res);
    if (!restFast(req, res)) app(req, res);
  };
}

/** Where the REST layer is mounted. */
const REST_MOUNT = "/api";

/** /graphql, with or without a trailing slash or a query string (what Express's mount at /graphql matched). */
const GRAPHQL_PATH = /^\/graphql\/?(\?|$)/;

/**
 * A client that accepts no encoding (integrators' HTTP libraries often) skips compression's
 * per-response machinery entirely; browsers always send Accept-Encoding and get brotli when
 * they accept it (compression >= 1.8 prefers br over gzip), gzip otherwise. Quality 4 (the
 * package's default, stated here so an upgrade cannot change it) compresses on the fly about
 * as fast as gzip; quality 11 would cost tens of milliseconds per JSON answer or asset.
 */
function compressWhenAccepted(): RequestHandler {
  const compress = compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } } });
  return (req, res, next) => (req.headers["accept-encoding"] ? compress(req, res, next) : next());
}

function helmetWithCsp(): RequestHandler {
  return helmet({
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
  });
}

/**
 * REST, health, uploads and the web app; `common` are the headers and compression every answer gets.
 * A middleware every REST answer needs belongs in `common`: the REST door runs `common` and the route's
 * own handlers, not what is added here before /api or in createRestApi (docs/development.md).
 */
function createExpressApp(services: Services, common: RequestHandler[], opts: HttpOptions, rest: RestApi): Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", TRUST_PROXY);
  app.use(...common);

  app.get("/healthz", async (_req, res) => {
    const up = await databaseUp({ services });
    res.status(up ? 200 : 503).json({ status: up ? "ok" : "unavailable", database: up ? "up" : "down" });
  });

  if (services.deps.config.e2eHooks && opts.e2eClock) {
    app.post("/__e2e/clock", express.json(), (req, res) => {
      // { reset: true } puts the clock back to real time, so one test file's shift cannot date another's messages.
      if ((req.body as { reset?: unknown }).reset === true) {
        opts.e2eClock!.reset();
        // Periods done under the moved clock would otherwise lie in the future: no job would run again until then.
        return void services.jobs.forgetPeriods().then(
          () => res.json({ now: services.deps.clock.now().toISOString() }),
          (err: unknown) => res.status(500).json({ error: String(err) }),
        );
      }
      const ms = Number((req.body as { advanceMs?: unknown }).advanceMs);
      if (!Number.isFinite(ms) || ms < 0) return void res.status(400).json({ error: "advanceMs must be >= 0" });
      opts.e2eClock!.advance(ms);
      res.json({ now: services.deps.clock.now().toISOString() });
    });
    // The timer ticks every JOBS_TICK_SECONDS of real time; a browser test runs what is due at once.
    app.post("/__e2e/jobs", async (_req, res) => {
      res.json({ ran: await services.jobs.runDue(services.deps.clock.now()) });
    });
  }
  app.use(REST_MOUNT, rest.router);
  mountUploads(app, services.deps.storage);
  mountStatic(app, opts.webDist);
  app.use(lastErrorHandler(services.deps.logger));
  return app;
}

/**
 * What Express would otherwise answer itself: a missing file under /uploads or /assets (and,
 * through errorAnswer, the GraphQL door's body that is not JSON or too large). Express's own handler renders an HTML
 * page with the stack trace whenever NODE_ENV is not production (the default here): this
 * answers JSON with a code and never a stack. (/api has its own handler in rest.ts.)
 */
export function lastErrorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) return next(err);
    const { status, body } = errorAnswer(err, req.path, logger);
    res.status(status).json(body);
  };
}

/** The status and JSON body of an error no route answered (see lastErrorHandler). */
function errorAnswer(err: unknown, path: string, logger: Logger): { status: number; body: unknown } {
  {
    const raw = (err as { status?: unknown; statusCode?: unknown }).status ?? (err as { statusCode?: unknown }).statusCode;
    const status = typeof raw === "number" && raw >= 400 && raw < 500 ? raw : 500;
    if (status === 500) logger.error({ err }, "HTTP request failed");
    const code = status === 404 ? "NOT_FOUND" : status === 500 ? "INTERNAL_SERVER_ERROR" : "BAD_REQUEST";
    const message =
      status === 404 ? "Not found" : status === 413 ? "Request too large" : status === 500 ? "Something went wrong" : "Bad request";
    return { status, body: path.startsWith("/graphql") ? { errors: [{ message, extensions: { code } }] } : { error: message, code } };
  }
}
