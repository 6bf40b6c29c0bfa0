import type { FastifyInstance, FastifyRequest } from "fastify";

declare module "fastify" {
  interface FastifyRequest {
    /** The exact bytes of the body (a JSON body's, or any body's where kept): webhook signatures are computed over them. */
    rawBody?: Buffer;
  }
}

/** A body the JSON parser refuses: a 400 (a 415 for a charset other than UTF-8), answered by the context's error handler. */
class BodyError extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
  ) {
    super(message);
  }
}

/** `charset=...` of a Content-Type header, lowercased; undefined when it names none. */
function charsetOf(contentType: string | undefined): string | undefined {
  return /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? "")?.[1]?.toLowerCase();
}

/**
 * application/json bodies, read as the clients of this API have always been answered (Express's
 * JSON parser): an empty body is `{}`, only an object or an array is accepted at the top level
 * (anything else, or text that is not JSON, is a 400), UTF-8 only (another charset is a 415), and
 * the size limit is the route's `bodyLimit` (a 413 past it). Fastify's own parser answers an empty
 * body and a top-level string differently. `keepRaw` keeps the bytes on `request.rawBody`.
 */
export function acceptJsonBodies(instance: FastifyInstance, keepRaw: boolean): void {
  if (keepRaw && !instance.hasRequestDecorator("rawBody")) instance.decorateRequest("rawBody", undefined);
  instance.addContentTypeParser(
    "application/json",
    { parseAs: "buffer" },
    (request: FastifyRequest, body: Buffer | string, done: (err: Error | null, body?: unknown) => void) => {
      const bytes = typeof body === "string" ? Buffer.from(body) : body;
      if (keepRaw) request.rawBody = bytes;
      const charset = charsetOf(request.headers["content-type"]);
      if (charset !== undefined && charset !== "utf-8" && charset !== "utf8") {
        return done(new BodyError(`unsupported charset "${charset.toUpperCase()}"`, 415));
      }
      if (bytes.length === 0) return done(null, {});
      const text = bytes.toString("utf8");
      // JSON's own whitespace (space, tab, line feed, carriage return) may come first.
      const first = /^[ \t\n\r]*(.)/.exec(text)?.[1];
      if (first !== "{" && first !== "[") return done(new BodyError("JSON body must be an object or an array", 400));
      try {
        done(null, JSON.parse(text) as unknown);
      } catch (e) {
        done(new BodyError((e as Error).message, 400));
      }
    },
  );
}

/** Bodies of any other type are not read (the handler sees no body), as they never were: only a route that reads them parses them. */
export function ignoreOtherBodies(instance: FastifyInstance): void {
  instance.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));
}

/** Bodies of any other type are read whole (up to the route's limit) and kept as `request.rawBody` only: the webhook's signature is over them. */
export function keepOtherBodiesRaw(instance: FastifyInstance): void {
  if (!instance.hasRequestDecorator("rawBody")) instance.decorateRequest("rawBody", undefined);
  instance.addContentTypeParser("*", { parseAs: "buffer" }, (request: FastifyRequest, body: Buffer | string, done) => {
    request.rawBody = typeof body === "string" ? Buffer.from(body) : body;
    done(null, undefined);
  });
}
