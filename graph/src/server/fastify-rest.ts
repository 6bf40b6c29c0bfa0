import fastifyCors from "@fastify/cors";
import fastifyMultipart from "@fastify/multipart";
import fastifyStatic from "@fastify/static";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Context } from "../kit/context.js";
import type { DoorServices } from "./door-services.js";
import { assertKeyMayUse } from "./api-key-door.js";
import { acceptJsonBodies, ignoreOtherBodies, keepOtherBodiesRaw } from "./json-body.js";
import { swaggerUiDir } from "./openapi.js";
import { RATE_LIMIT_FIELDS, requestBudgetHook, requestContext } from "./request-budget.js";
import { restErrorAnswer, restRoutes } from "./rest.js";
import { type RestReply, type RestRequest, type RestRoute, TextAnswer, type UploadLimits, UploadRefused } from "../kit/rest-routes.js";

/** Where the REST layer is mounted. */
export const REST_PREFIX = "/api";

/** Body limits: the profile form carries its picture as a data URL (a 2 MB image is about 2.8 MB of text). */
const BODY_LIMIT = 256 * 1024;
const PROFILE_BODY_LIMIT = 4 * 1024 * 1024;
const bodyLimitOf = (route: RestRoute) => (route.path === "/profileDetails" ? PROFILE_BODY_LIMIT : BODY_LIMIT);

const JSON_TYPE = "application/json; charset=utf-8";

/** The REST 404: what /api answers for a path no route takes, a refusal like any other (`{ error, code }`). */
export function restNotFound(reply: FastifyReply): FastifyReply {
  return reply
    .code(404)
    .type(JSON_TYPE)
    .send(JSON.stringify({ error: "Not found", code: "NOT_FOUND" }));
}

/** A Fastify request as the route handlers see it (rest-routes.ts). */
class FastifyRestRequest implements RestRequest {
  constructor(
    private readonly request: FastifyRequest,
    private readonly services: DoorServices,
  ) {}
  get headers() {
    return this.request.headers;
  }
  get body(): unknown {
    return this.request.body;
  }
  get rawBody(): Buffer | undefined {
    return this.request.rawBody;
  }
  get query(): Record<string, unknown> {
    return this.request.query as Record<string, unknown>;
  }
  get params(): Record<string, string> {
    return this.request.params as Record<string, string>;
  }
  get url(): string {
    return this.request.url;
  }
  get ip(): string {
    return this.request.ip;
  }
  async file(field: string, limits: UploadLimits): Promise<Buffer | null> {
    if (!this.request.isMultipart()) return null;
    try {
      const part = await this.request.file({ limits, throwFileSizeLimit: true });
      if (!part) return null;
      if (part.fieldname !== field) throw new UploadRefused(false);
      return await part.toBuffer();
    } catch (e) {
      if (e instanceof UploadRefused) throw e;
      throw new UploadRefused((e as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE");
    }
  }
  async context(readToken: boolean): Promise<Context> {
    return assertKeyMayUse(await requestContext(this.services, this.request, readToken), this.request.method);
  }
}

class FastifyRestReply implements RestReply {
  constructor(private readonly reply: FastifyReply) {}
  status(code: number): RestReply {
    this.reply.code(code);
    return this;
  }
  setHeader(name: string, value: string): RestReply {
    this.reply.header(name, value);
    return this;
  }
}

/** Sends a handler's answer: JSON written as one string with its length (no ETag: the leaderboard sets its own), or a TextAnswer. */
function send(reply: FastifyReply, body: unknown): FastifyReply {
  if (body instanceof TextAnswer) return body.type === null ? reply.send() : reply.type(body.type).send(body.text);
  return reply.type(JSON_TYPE).send(JSON.stringify(body));
}

function register(instance: FastifyInstance, services: DoorServices, route: RestRoute, url = route.path): void {
  const matches = route.paramsMatch ? Object.entries(route.paramsMatch) : [];
  instance.route({
    method: route.method,
    url,
    bodyLimit: bodyLimitOf(route),
    // Every call counts against its caller's budget, except the payment provider's signed webhook (no caller).
    ...(route.doc.auth === "signature" ? {} : { onRequest: requestBudgetHook(services, route.doc.auth !== "none") }),
    handler: async (request, reply) => {
      const params = request.params as Record<string, string>;
      if (matches.some(([name, pattern]) => !pattern.test(params[name] ?? ""))) return restNotFound(reply);
      return send(reply, await route.handle(new FastifyRestRequest(request, services), new FastifyRestReply(reply)));
    },
  });
}

/**
 * The REST layer under /api (spec section 7), registered from the modules' route list: JSON bodies
 * (raw bytes kept), the REST error answers, and, in their own encapsulated contexts, the routes that
 * read bodies of any type (a `signature` route: the webhook) and those readable from any origin (CORS).
 */
export async function restPlugin(api: FastifyInstance, services: DoorServices): Promise<void> {
  const routes = restRoutes(services).list;
  api.removeAllContentTypeParsers();
  acceptJsonBodies(api, true);
  const logger = services.deps.logger;
  api.setErrorHandler((err: FastifyError, _request, reply) => {
    const { status, body, headers } = restErrorAnswer(err, logger);
    for (const [name, value] of Object.entries(headers)) reply.header(name, value);
    return reply.code(status).type(JSON_TYPE).send(JSON.stringify(body));
  });
  // The viewer's files (Swagger UI), cached a day.
  await api.register(fastifyStatic, { root: swaggerUiDir, prefix: "/docs/assets/", decorateReply: false, index: false, maxAge: "1d" });

  await api.register(async (plain) => {
    ignoreOtherBodies(plain);
    // multipart/form-data is read only by a handler that asks for its file (the image upload).
    await plain.register(fastifyMultipart);
    for (const route of routes) if (route.doc.auth !== "signature" && !route.crossOrigin) register(plain, services, route);
  });
  await api.register(async (signed) => {
    keepOtherBodiesRaw(signed);
    for (const route of routes) if (route.doc.auth === "signature") register(signed, services, route);
  });
  // Each under its own path as a prefix, so CORS (and its preflight route) covers that path only.
  for (const route of routes.filter((r) => r.crossOrigin)) {
    const { methods, exposedHeaders } = route.crossOrigin!;
    await api.register(
      async (open) => {
        ignoreOtherBodies(open);
        // Comma-joined without spaces, as the `cors` package wrote them.
        await open.register(fastifyCors, {
          origin: "*",
          methods: methods.join(","),
          exposedHeaders: [...exposedHeaders, ...RATE_LIMIT_FIELDS].join(","),
        });
        register(open, services, route, "/");
      },
      { prefix: route.path },
    );
  }
}
