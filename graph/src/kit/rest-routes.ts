import type { IncomingHttpHeaders } from "node:http";
import type { Context } from "./context.js";
import type { RouteDoc } from "./rest-doc.js";

/**
 * What a REST handler sees of an HTTP request and answer, whatever serves them: the modules'
 * route files (`*.rest.ts`) are written against these, and only fastify-rest.ts (the door) knows Fastify.
 */
export interface RestRequest {
  readonly headers: IncomingHttpHeaders;
  /** The parsed JSON body (undefined for a body of another type, or none). */
  readonly body: unknown;
  /** The exact bytes of the body: a JSON body's, or any body's on a `signature` route (webhook signatures are over them). */
  readonly rawBody: Buffer | undefined;
  /** The query string, parsed (a repeated key is an array). */
  readonly query: Record<string, unknown>;
  /** The path's parameters, decoded. */
  readonly params: Record<string, string>;
  /** The path and query string as the client sent them. */
  readonly url: string;
  /** The client's address (through trusted proxies); computed when read. */
  readonly ip: string;
  /**
   * The one file named `field` of a multipart/form-data body, in memory; null when the body is not
   * multipart or has no file. Rejects with an UploadRefused when the body breaks the limits.
   */
  file(field: string, limits: UploadLimits): Promise<Buffer | null>;
  /** The request's context (the door builds it); `readToken` false: no caller and no token check (a public route). */
  context(readToken: boolean): Promise<Context>;
}

export interface UploadLimits {
  fileSize: number;
  files: number;
  fields: number;
  parts: number;
}

/** A multipart body the upload limits refuse: a file over `fileSize` (`tooLarge`), or anything else amiss. */
export class UploadRefused extends Error {
  constructor(readonly tooLarge: boolean) {
    super(tooLarge ? "File too large" : "Unexpected upload");
  }
}

/** The answer's status and headers; the body is what the handler returns. */
export interface RestReply {
  status(code: number): RestReply;
  setHeader(name: string, value: string): RestReply;
}

/** A body that is not JSON (an HTML page, a script), or no body at all (`type` null: a 304). */
export class TextAnswer {
  constructor(
    readonly type: string | null,
    readonly text: string,
  ) {}
}

export const noBody = (): TextAnswer => new TextAnswer(null, "");

/** A route's work once matched: the answer's body (JSON unless a TextAnswer); a throw goes to the REST error handler. */
export type RestHandle = (req: RestRequest, res: RestReply) => Promise<unknown>;

export interface RestRouteDef {
  doc: RouteDoc;
  handle: RestHandle;
}

export type RestMethod = "GET" | "POST" | "PUT" | "DELETE";

export interface RestRoute extends RestRouteDef {
  method: RestMethod;
  /** Relative to /api, with `:name` parameters. */
  path: string;
  /** Path parameters a route takes only in this form: any other value is not this route (the REST 404). */
  paramsMatch?: Record<string, RegExp>;
  /** Readable by a page of any origin (CORS `*`): the methods allowed and the answer's headers it may read. */
  crossOrigin?: { methods: RestMethod[]; exposedHeaders: string[] };
}

/**
 * Where the modules put their routes: a list, registered on the HTTP server in one place
 * (fastify-rest.ts) and documented from the same list (openapi.ts).
 */
export class RestRoutes {
  readonly list: RestRoute[] = [];
  get(path: string, def: RestRouteDef, opts: Pick<RestRoute, "paramsMatch" | "crossOrigin"> = {}): void {
    this.list.push({ method: "GET", path, ...def, ...opts });
  }
  post(path: string, def: RestRouteDef): void {
    this.list.push({ method: "POST", path, ...def });
  }
  put(path: string, def: RestRouteDef): void {
    this.list.push({ method: "PUT", path, ...def });
  }
  delete(path: string, def: RestRouteDef): void {
    this.list.push({ method: "DELETE", path, ...def });
  }
}
