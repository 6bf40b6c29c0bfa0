import { createRequire } from "node:module";
import path from "node:path";
import { OpenAPIRegistry, OpenApiGeneratorV31, type ResponseConfig, type RouteConfig } from "@asteasolutions/zod-to-openapi";
import type { RouteDoc } from "../kit/rest-doc.js";
import { documented } from "../kit/rest-kit.js";
import { type RestRoute, type RestRoutes, TextAnswer } from "../kit/rest-routes.js";
import { z } from "../kit/zod-openapi.js";
import { type RequestPolicy, requestBudgetRules } from "../shared/request-budgets.js";

/**
 * GET /api/openapi.json and the offline viewer at GET /api/docs. The document is built from the
 * list of registered routes itself: every route's `RouteDoc` (the zod schemas its requests are
 * validated with), so the two cannot drift.
 */

/** `/user/:id` -> `/user/{id}` */
export const openApiPath = (expressPath: string) => expressPath.replace(/:(\w+)/g, "{$1}");

export const ErrorBody = z
  .object({
    error: z.string().describe("What went wrong, in words a student can read (the spec's texts where it names one)."),
    code: z
      .string()
      .describe(
        "BAD_USER_INPUT, UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, CONFLICT, RATE_LIMITED, DETAILS_NOT_FILLED, EMAIL_NOT_VERIFIED, SERVICE_BUSY, INTERNAL_SERVER_ERROR",
      ),
    field: z
      .string()
      .optional()
      .describe("For a request that failed validation at the door: the field, e.g. `feedID` or `headers.Authorization`."),
  })
  .openapi("Error", { example: { error: "feedID is required", code: "BAD_USER_INPUT", field: "feedID" } });

const JSON_TYPE = "application/json";
const json = (schema: z.ZodTypeAny) => ({ [JSON_TYPE]: { schema } });
const errorResponse = (description: string, body: z.ZodTypeAny = ErrorBody): ResponseConfig => ({ description, content: json(body) });

/**
 * The answers any operation may give whatever it does, in `components.responses` (each operation
 * lists those that apply to it by reference): the door's validation, authentication, body size,
 * rate limits, a busy database, a fault.
 */
const SHARED_RESPONSES = {
  BadRequest: {
    status: 400,
    description: "The request failed validation (`field` names the field), its body is not JSON, or a rule refused it.",
  },
  Unauthenticated: {
    status: 401,
    description:
      "No token, or an expired, revoked or forged one; or an API key (`sxk_...`) that does not work: unknown, revoked, or its owner deleted or suspended.",
  },
  Forbidden: {
    status: 403,
    description:
      "An id in the request names someone other than the caller, the caller may not do this, their address is not verified, or the call came with an API key (keys are read-only and see public data only).",
  },
  NotFound: { status: 404, description: "The path names no such thing (the REST 404)." },
  TooLarge: { status: 413, description: "The body is over the size limit." },
  RateLimited: {
    status: 429,
    description:
      'Too many requests: the caller\'s request budget is spent (see "Rate limits"), or a limit of this action. Send again after `Retry-After` seconds.',
  },
  InternalError: { status: 500, description: "Something went wrong on the server (logged; no stack in the answer)." },
  ServiceBusy: {
    status: 503,
    description:
      "SERVICE_BUSY: the database or another service could not take the work in time; nothing changed. Send it again after `Retry-After` seconds.",
  },
} as const;
type SharedResponse = keyof typeof SHARED_RESPONSES;
const sharedRef = (name: SharedResponse) => ({ $ref: `#/components/responses/${name}` });

/** What a legacy route (RouteDoc.legacy) answers 200 for a business refusal: its text and code, and the fields the old client reads. */
const LegacyRefusal = z
  .object({ error: z.string().describe("The refusal, shown to the student as is."), code: z.string().describe("Its code (see 'Errors').") })
  .openapi("LegacyRefusal", { example: { error: "This request is no longer pending", code: "CONFLICT" } });

function legacyRefusal(doc: RouteDoc): z.ZodTypeAny {
  if (doc.legacy === true || !doc.legacy) return LegacyRefusal;
  const shape: Record<string, z.ZodTypeAny> = doc.response instanceof z.ZodObject ? doc.response.shape : {};
  const fields = Object.fromEntries(Object.keys(doc.legacy).map((k) => [k, shape[k] ?? z.unknown()]));
  return LegacyRefusal.extend(fields);
}

const DESCRIPTION = `
The REST compatibility layer of Skill Exchange: every path the old web client called (product spec
section 7) with the payloads it reads, plus a few newer ones (moderation, a student's own data,
payments). The same services answer GraphQL at \`/graphql\`; this document is generated from the
zod schemas each route validates its requests with.

## Authentication
- **Bearer JWT**: \`Authorization: Bearer <token>\`, the token \`POST /login\` or \`POST /register\`
  returns (a bare token without \`Bearer \` is accepted too). An expired, revoked or forged token is 401
  (\`"Your session has ended. Please sign in again."\`); a signed-out call to a signed-in route is 401.
- **API key**: \`Authorization: Bearer sxk_...\`, a read-only key a student makes on \`/settings/api-keys\`. It reads
  the public routes (such as \`GET /leaderboard\`) on its own budget; a signed-in route or any method but GET is 403,
  and a key that does not work (unknown, revoked, its owner deleted or suspended) is 401 on every route.
- **Token in the body (legacy)**: the old client put its token in the JSON body on two paths:
  \`POST /profileDetails\` (\`{ "token": "<jwt>" }\` or \`{ "headers": { "Authorization": "Bearer <jwt>" } }\`)
  and \`POST /user/{otherId}/send-message\` (\`{ "from_user_token": "<jwt>" }\`). It counts like the header;
  a body token for someone other than the header's user is 403.
- An id in a path, query or body that names the caller (\`userID\`, \`currentUserID\`, \`user_id\`, ...) must be
  the token's user: 403 otherwise.

## Errors
A refusal is \`{ "error": "<text>", "code": "<CODE>" }\` with its status: 400 BAD_USER_INPUT (a request that
fails validation names the field: \`{ "error": "feedID is required", "field": "feedID" }\`), 401
UNAUTHENTICATED, 403 FORBIDDEN or EMAIL_NOT_VERIFIED, 404 NOT_FOUND, 409 CONFLICT, 412 DETAILS_NOT_FILLED,
413 a body over the size limit, 429 RATE_LIMITED (with \`Retry-After\` in seconds), 500 (never with a stack), 503 SERVICE_BUSY (the
database could not take the work in time; nothing changed; send it again after \`Retry-After\` seconds). A path no route
takes is 404 \`{ "error": "Not found", "code": "NOT_FOUND" }\`.

Each operation lists every status it answers; those any operation may give are shared (\`components.responses\`).
The server's test suite checks every answer it sees against this document (status, media type, and a body with
exactly the properties documented), so a client generated from it reads what the server sends.

## The legacy contract (the old client)
The old client is an axios client: it reads \`error\` only from a 2xx answer. On the paths it reads
\`error\` on (the swap and pay forms, \`/swap-request\`, \`/pay-request\`, \`/reject-swap\`, \`/accept-swap\`,
\`/accept-pay\`, \`/detect-skill-coins\`, the chat pages, \`/notifications\`, \`/dashboard\`), a business
refusal (already pending, no longer pending, not enough coins, not found, profile not filled) answers
**200** with the text in \`error\` (and its \`code\`); \`error: ""\` means success. Authentication and
authorization failures keep 401/403, rate limits 429. Such a route says so in its description.
- \`error: "not filled details"\` (code DETAILS_NOT_FILLED) on \`GET /dashboard\` (with or without \`skip\`),
  \`GET /notifications\`, \`GET /user/chat\` and \`GET /user/chat/{chatUserID}\`: the client goes to /p.
- \`POST /profileDetails\` takes the image as the URL \`POST /upload/image\` returned, or as a
  \`data:image/...;base64,\` URL (what the old client sent): it is decoded and checked by its bytes
  (PNG, JPEG, WebP or GIF; at most 2097152 bytes) and stored like an upload.

## Caching and CORS
\`GET /leaderboard\` is public and readable from any origin (\`Access-Control-Allow-Origin: *\`, \`ETag\` and
\`Last-Modified\` exposed). It answers \`Cache-Control: public, max-age=10\`, an \`ETag\` (a hash of the rows)
and \`Last-Modified\` (when the ranking last changed); a request with a matching \`If-None-Match\` or
\`If-Modified-Since\` gets 304 with no body. Other routes are same-origin for browsers.
`;

type Budgets = Record<RequestPolicy, { points: number; durationSeconds: number }>;

const per = (b: Budgets[RequestPolicy]) => `${b.points} requests per ${b.durationSeconds} s`;

/** The request budgets (server/request-budget.ts) with the numbers this server runs with. */
function rateLimitsText(b: Budgets): string {
  return `
## Rate limits
Every call counts against one request budget, chosen by who makes it: **anonymous** (no token: per client
address, shared by everyone behind it) ${per(b.anonymous)}; **key** (an integrator's API key: per key)
${per(b.key)}; **student** (a valid token: per student) ${per(b.student)}. A public route (no token read,
such as \`GET /leaderboard\`) counts against the client address, or the API key it is called with. Every
answer says where the caller stands, in the IETF fields of draft-ietf-httpapi-ratelimit-headers (Structured
Fields): \`RateLimit-Policy: "anonymous";q=${b.anonymous.points};w=${b.anonymous.durationSeconds}\` (the budget: \`q\` requests per \`w\` seconds)
and \`RateLimit: "anonymous";r=${b.anonymous.points - 1};t=${b.anonymous.durationSeconds}\` (\`r\` requests left in the window, which ends in \`t\` seconds).
A call over the budget is refused 429 RATE_LIMITED with \`Retry-After\` (seconds, the same as \`t\`) and
the same fields. CORS preflights (\`OPTIONS\`) and the payment webhook are not counted. The limits of single
actions (sign-ins, reset mails, messages, uploads, requests...) are separate: they too answer 429 with
\`Retry-After\`, and the answer still carries the budget's fields.
`;
}

export function buildOpenApiDocument(routes: readonly RestRoute[], budgets: Budgets = requestBudgetRules({})) {
  const registry = new OpenAPIRegistry();
  registry.registerComponent("securitySchemes", "bearerAuth", { type: "http", scheme: "bearer", bearerFormat: "JWT" });
  registry.registerComponent("securitySchemes", "bodyToken", {
    type: "apiKey",
    in: "header",
    name: "X-Token-In-Body",
    description:
      "Not a real header: the old client's token inside the JSON body (`token`, `headers.Authorization` or `from_user_token`). See 'Authentication'.",
  });
  const policyHeader = registry.registerComponent("headers", "RateLimit-Policy", {
    description:
      'The request budget that applies to the caller (draft-ietf-httpapi-ratelimit-headers): `"<class>";q=<requests>;w=<seconds>`, the class being `anonymous`, `key` or `student`. See "Rate limits".',
    schema: { type: "string", example: `"anonymous";q=${budgets.anonymous.points};w=${budgets.anonymous.durationSeconds}` },
  });
  const limitHeader = registry.registerComponent("headers", "RateLimit", {
    description: 'Where the caller stands in that budget: `"<class>";r=<requests left>;t=<seconds until the window ends>`.',
    schema: { type: "string", example: `"anonymous";r=${budgets.anonymous.points - 1};t=${budgets.anonymous.durationSeconds}` },
  });
  const retryAfter = registry.registerComponent("headers", "Retry-After", {
    description: "Seconds to wait before sending again.",
    schema: { type: "integer", minimum: 1, example: 42 },
  });
  const budgetHeaders = { "RateLimit-Policy": policyHeader.ref, RateLimit: limitHeader.ref };
  /** The operations whose every answer carries the budget's fields: every route but the signed webhook. */
  const counted = new Set<string>();
  const publicLimit = `\n\n**Rate limit**: public: counts against the client address's anonymous budget (${per(budgets.anonymous)}), or an API key's (${per(budgets.key)}).`;

  registry.register("Error", ErrorBody);
  for (const [name, { description, status }] of Object.entries(SHARED_RESPONSES)) {
    registry.registerComponent("responses", name, {
      description,
      content: { [JSON_TYPE]: { schema: { $ref: "#/components/schemas/Error" } } },
      // Every counted answer carries the budget's fields (the webhook's, which is not counted, leaves them out).
      headers: { ...(status === 429 || status === 503 ? { "Retry-After": retryAfter.ref } : {}), ...budgetHeaders },
    });
  }
  for (const { method, path: p, doc, paramsMatch } of routes) {
    const params = doc.params ?? pathParams(p);
    const answerType = doc.responseType ?? JSON_TYPE;
    // A legacy route's 200 is its answer or a refusal (RouteDoc.legacy).
    const answer = doc.legacy ? z.union([doc.response, legacyRefusal(doc)]) : doc.response;
    // The route's own refusals, with what it adds to them (RouteDoc.refusal).
    const refusalBody = doc.refusal
      ? ErrorBody.extend(Object.fromEntries(Object.entries(doc.refusal.shape).map(([k, v]) => [k, (v as z.ZodTypeAny).optional()])))
      : undefined;
    const shared = (name: SharedResponse) =>
      refusalBody ? errorResponse(SHARED_RESPONSES[name].description, refusalBody) : sharedRef(name);
    const responses: RouteConfig["responses"] = {
      200: {
        description: "Success",
        content: { [answerType]: { schema: answer } },
        ...(doc.responseHeaders ? { headers: doc.responseHeaders } : {}),
      },
    };
    for (const [status, entry] of Object.entries(doc.responses ?? {})) {
      const { when, type } = typeof entry === "string" ? { when: entry, type: undefined } : entry;
      const code = Number(status);
      // A text refusal is the route's own; the door's at that status (a body that does not parse) stay JSON.
      responses[status] = type
        ? { description: when, content: { [type]: { schema: z.string() }, ...(code >= 400 ? json(refusalBody ?? ErrorBody) : {}) } }
        : code < 300 && code !== 204
          ? { description: when, content: { [answerType]: { schema: answer } } }
          : code < 400
            ? { description: when }
            : errorResponse(when, refusalBody);
    }
    // Any body can fail to parse or be too large, whatever the route reads of it.
    const takesInput = Boolean(doc.params || doc.query || doc.body || pathHasParams(p) || method !== "GET");
    if (takesInput) responses[400] ??= shared("BadRequest");
    const isCounted = doc.auth !== "signature";
    // Every counted route reads the Authorization header: an API key that does not work is 401 on any of
    // them, and a key is refused (403) on a signed-in route and on every method but GET (api-key-door.ts).
    if (doc.auth === "bearer" || doc.auth === "bearer-or-body" || isCounted) responses[401] ??= shared("Unauthenticated");
    if (doc.auth === "bearer" || doc.auth === "bearer-or-body" || (isCounted && method !== "GET")) {
      responses[403] ??= shared("Forbidden");
    }
    if (paramsMatch) responses[404] ??= shared("NotFound");
    if (method !== "GET") responses[413] ??= shared("TooLarge");
    responses[500] ??= shared("InternalError");
    responses[503] ??= shared("ServiceBusy");
    if (isCounted) {
      counted.add(`${method.toLowerCase()} ${openApiPath(p)}`);
      // An action's own limit keeps its words; the shared answer says the rest.
      const own = doc.responses?.[429];
      const when = typeof own === "string" ? own : own?.when;
      responses[429] = when
        ? { ...sharedRef("RateLimited"), description: `${when} Or the caller's request budget is spent.` }
        : shared("RateLimited");
    }
    const legacy = doc.legacy
      ? "\n\n**Legacy contract**: a business refusal answers 200 with its text in `error` (and `code`); 401/403/429 keep their status."
      : "";
    const limit = isCounted && doc.auth === "none" ? publicLimit : "";
    registry.registerPath({
      method: method.toLowerCase() as RouteConfig["method"],
      path: openApiPath(p),
      tags: [doc.tag],
      summary: doc.summary,
      description: (doc.description ?? "") + legacy + limit || undefined,
      security: doc.auth === "bearer" ? [{ bearerAuth: [] }] : doc.auth === "bearer-or-body" ? [{ bearerAuth: [] }, { bodyToken: [] }] : [],
      request: {
        ...(params ? { params } : {}),
        ...(doc.query ? { query: doc.query } : {}),
        ...(doc.body ? { body: { required: true, content: json(doc.body) } } : {}),
      },
      responses,
    });
  }
  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: { title: "Skill Exchange REST API", version: "1.0.0", description: (DESCRIPTION + rateLimitsText(budgets)).trim() },
    servers: [{ url: "/api" }],
  });
  // Every answer of a counted route carries the budget's fields: referenced once per answer, described once.
  for (const [p, operations] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations as Record<string, { responses?: Record<string, unknown> }>)) {
      if (!counted.has(`${method} ${p}`)) continue;
      for (const answer of Object.values(operation.responses ?? {}) as Array<{ $ref?: string; headers?: Record<string, unknown> }>) {
        if (!answer.$ref) answer.headers = { ...answer.headers, ...budgetHeaders };
      }
    }
  }
  return nullsAllowed(document);
}

/**
 * Where zod-to-openapi 7 (the last for zod 3) writes a `.nullable()` that JSON Schema 2020-12 reads
 * as refusing null, the same schema allowing it: a nullable enum lists `null` among its values, and a
 * nullable reference is `anyOf: [$ref, { type: "null" }]` instead of `allOf: [$ref, { type: [..., "null"] }]`
 * (which null can never satisfy). Upstream: asteasolutions/zod-to-openapi#342 (released for zod 4
 * only) and #387.
 */
function nullsAllowed<T>(node: T): T {
  if (Array.isArray(node)) return node.map(nullsAllowed) as T;
  if (!node || typeof node !== "object") return node;
  const out: Record<string, unknown> = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, nullsAllowed(v)]));
  const types = out.type;
  if (Array.isArray(types) && types.includes("null") && Array.isArray(out.enum) && !out.enum.includes(null)) {
    out.enum = [...out.enum, null];
  }
  const allOf = out.allOf as Array<Record<string, unknown>> | undefined;
  if (allOf?.length === 2 && typeof allOf[0].$ref === "string") {
    const { type, ...rest } = allOf[1];
    if (Array.isArray(type) && type.includes("null") && Object.keys(rest).length === 0) {
      delete out.allOf;
      out.anyOf = [allOf[0], { type: "null" }];
    }
  }
  return out as T;
}

const pathHasParams = (p: string) => /:\w+/.test(p);
function pathParams(p: string) {
  const names = [...p.matchAll(/:(\w+)/g)].map((m) => m[1]);
  return names.length ? z.object(Object.fromEntries(names.map((n) => [n, z.string()]))) : undefined;
}

/** Swagger UI's files, shipped in node_modules: the viewer works offline and under our CSP (no inline script, no CDN). Served at /api/docs/assets/. */
export const swaggerUiDir = path.dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));

const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Skill Exchange REST API</title>
<link rel="stylesheet" href="docs/assets/swagger-ui.css">
<link rel="icon" type="image/png" href="docs/assets/favicon-32x32.png">
<style>
.sx-docs-bar { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 20px; max-width: 1460px; margin: 0 auto; padding: 8px 20px; font: 600 15px/1.4 system-ui, sans-serif; }
.sx-docs-bar a { display: inline-flex; align-items: center; min-height: 44px; color: #4c3fd1; text-decoration: none; }
.sx-docs-bar a:hover, .sx-docs-bar a:focus-visible { text-decoration: underline; }
/* Where fingers tap (the app's rule): Swagger UI's buttons, selects and row toggles are 44 px. */
@media (max-width: 768px), (pointer: coarse) {
  .swagger-ui .btn, .swagger-ui select, .swagger-ui .opblock .opblock-summary-control,
  .swagger-ui .opblock-tag, .swagger-ui .expand-operation, .swagger-ui .model-box-control,
  .swagger-ui .opblock-control-arrow, .swagger-ui .authorization__btn, .swagger-ui .tablinks { min-height: 44px; min-width: 44px; }
  .swagger-ui .models-control, .swagger-ui .json-schema-2020-12-accordion, .swagger-ui .json-schema-2020-12-expand-deep-button { min-height: 44px; }
  .swagger-ui .opblock .opblock-summary .view-line-link.copy-to-clipboard { width: 44px; height: 44px; }
  .swagger-ui .opblock .opblock-summary .view-line-link.copy-to-clipboard button { width: 100%; height: 100%; }
  .swagger-ui .info .link { display: inline-block; padding-block: 15px; }
}
/* A phone's width: a response's example scrolls inside its column, and the links column (empty here) steps aside. */
@media (max-width: 640px) {
  .swagger-ui .responses-table { table-layout: fixed; width: 100%; }
  .swagger-ui .responses-table .response-col_status { width: 64px; }
  .swagger-ui .responses-table .response-col_links { display: none; }
  .swagger-ui .responses-table pre { max-width: 100%; overflow-x: auto; }
  .swagger-ui .responses-table table.headers { table-layout: fixed; width: 100%; }
  .swagger-ui .responses-table td, .swagger-ui .responses-table th { overflow-wrap: anywhere; }
}
</style>
</head>
<body>
<nav class="sx-docs-bar" aria-label="Skill Exchange"><a href="/">&larr; Skill Exchange</a><a href="/sandbox">GraphQL sandbox</a></nav>
<div id="swagger-ui"></div>
<script src="docs/assets/swagger-ui-bundle.js"></script>
<script src="docs/init.js"></script>
</body>
</html>
`;

// A file, not an inline script: the helmet CSP allows same-origin scripts only.
const DOCS_INIT = `window.ui = SwaggerUIBundle({ url: "openapi.json", dom_id: "#swagger-ui", deepLinking: true, validatorUrl: null });\n`;

/** Adds GET /openapi.json, GET /docs and the viewer's start-up script to the REST routes (its assets are static files: swaggerUiDir). */
export function addOpenApiRoutes(routes: RestRoutes, budgets: Budgets): void {
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  routes.get(
    "/openapi.json",
    documented(
      {
        tag: "meta",
        summary: "This document (OpenAPI 3.1)",
        auth: "none",
        response: z.object({ openapi: z.literal("3.1.0") }).catchall(z.unknown()),
      },
      async (_req, res) => {
        // Built on first use, when every module has added its routes.
        document ??= buildOpenApiDocument(routes.list, budgets);
        res.setHeader("Cache-Control", "no-cache");
        return document;
      },
    ),
  );
  routes.get(
    "/docs",
    documented(
      {
        tag: "meta",
        summary: "An offline viewer of this document (Swagger UI, served from this server)",
        auth: "none",
        response: z.string().describe("An HTML page."),
        responseType: "text/html",
        responses: {
          301: { when: "`/docs/`: to `../docs` (the page's relative asset URLs need the path without a slash).", type: "text/plain" },
        },
      },
      async (req, res) => {
        // Relative asset URLs resolve under /api/ only without a trailing slash.
        if (req.url.split("?")[0].endsWith("/")) {
          res.status(301).setHeader("Location", "../docs");
          return new TextAnswer("text/plain; charset=utf-8", "Moved Permanently. Redirecting to ../docs");
        }
        res.setHeader("Cache-Control", "no-cache");
        return new TextAnswer("text/html; charset=utf-8", DOCS_HTML);
      },
    ),
  );
  routes.get(
    "/docs/init.js",
    documented(
      { tag: "meta", summary: "The viewer's start-up script", auth: "none", response: z.string(), responseType: "application/javascript" },
      async () => {
        return new TextAnswer("application/javascript; charset=utf-8", DOCS_INIT);
      },
    ),
  );
}
