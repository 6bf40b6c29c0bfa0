/**
 * The REST answers' contract, read from the OpenAPI document the server emits (GET /api/openapi.json):
 * whether one answer (an operation's status, content type and body) is one the document promises.
 * Test-side only: the server never loads this.
 *
 * The document's schemas are JSON Schema 2020-12 (OpenAPI 3.1's dialect: `type: ["string", "null"]`,
 * not 3.0's `nullable`), validated with Ajv's 2020 build. One rule is stricter than the document
 * reads: an object answer may carry only the properties its schema names (unless the schema itself
 * says `additionalProperties`), so a property the server adds without documenting it is caught too.
 */
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

/** One answer as the server sent it. `path` is the route's OpenAPI path (`/user/{id}`), relative to the document's server URL. */
export interface ObservedAnswer {
  method: string;
  path: string;
  status: number;
  /** The Content-Type header, if any. */
  contentType?: string;
  /** The body as sent ("" for none; undefined: not read, e.g. a stream). */
  body?: string;
}

type Json = any;

/** `GET /user/{id}`: how an operation is named in problems and in the coverage report. */
export const operationKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

const SCHEMA_REF = "#/components/schemas/";
const DEFS_ID = "https://skill-exchange.test/openapi/components";
/** The same component, open at its top level: a member of an `allOf`, whose parent decides which properties are allowed. */
const OPEN = "__open";

export class OpenApiContract {
  private readonly ajv: Ajv2020;
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly ops = new Map<string, Json>();

  constructor(readonly document: Json) {
    this.ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, strictRequired: false, strictTuples: false });
    // OpenAPI's own annotations beside JSON Schema's.
    this.ajv.addVocabulary(["example", "discriminator", "xml", "externalDocs"]);
    addFormats.default(this.ajv);
    const schemas: Record<string, Json> = document.components?.schemas ?? {};
    const defs: Record<string, Json> = {};
    for (const [name, schema] of Object.entries(schemas)) {
      defs[name] = strict(schema, false);
      defs[name + OPEN] = strict(schema, true);
    }
    this.ajv.addSchema({ $id: DEFS_ID, $defs: defs });
    for (const [path, item] of Object.entries<Json>(document.paths ?? {})) {
      for (const [method, op] of Object.entries<Json>(item)) {
        if (["get", "put", "post", "delete", "patch", "head", "options", "trace"].includes(method)) {
          this.ops.set(operationKey(method, path), op);
        }
      }
    }
  }

  /** Every operation the document lists (`GET /user/{id}`). */
  operations(): string[] {
    return [...this.ops.keys()];
  }

  has(method: string, path: string): boolean {
    return this.ops.has(operationKey(method, path));
  }

  /**
   * What is wrong with an answer (empty: nothing), each issue in words. A HEAD is judged as its GET without a body.
   */
  check(answer: ObservedAnswer): string[] {
    const head = answer.method.toUpperCase() === "HEAD";
    const op = this.ops.get(operationKey(head ? "GET" : answer.method, answer.path));
    if (!op) return ["the operation is not in the document"];
    const status = String(answer.status);
    const response = this.resolveResponse(op.responses?.[status] ?? op.responses?.[`${status[0]}XX`] ?? op.responses?.default);
    if (!response) return [`status ${status} is not a documented response (documented: ${Object.keys(op.responses ?? {}).join(", ")})`];
    const body = answer.body;
    const content: Record<string, Json> | undefined = response.content;
    if (!content || !Object.keys(content).length) {
      return body && !head ? [`documented without a body, but ${body.length} bytes were sent`] : [];
    }
    if (head) return [];
    const media = (answer.contentType ?? "").split(";")[0].trim().toLowerCase();
    const documented = Object.keys(content);
    if (!documented.includes(media)) return [`Content-Type ${media || "(none)"} is not the documented ${documented.join(" or ")}`];
    if (body === undefined || !/^application\/(.+\+)?json$/.test(media)) return [];
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      return [`the body is not JSON`];
    }
    const schema = content[media]?.schema;
    if (!schema) return [];
    const validate = this.validator(`${operationKey(head ? "GET" : answer.method, answer.path)} ${status} ${media}`, schema);
    if (validate(value)) return [];
    return (validate.errors ?? []).map((e) => {
      const params = Object.entries(e.params ?? {});
      return `body${e.instancePath} ${e.message}${params.length ? ` (${params.map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join(", ")})` : ""}`;
    });
  }

  /** Compiles every JSON answer's schema the document has (a schema Ajv cannot read throws, naming where). */
  compileAll(): number {
    let n = 0;
    for (const [key, op] of this.ops) {
      for (const [status, r] of Object.entries<Json>(op.responses ?? {})) {
        for (const [media, c] of Object.entries<Json>(this.resolveResponse(r)?.content ?? {})) {
          if (!c?.schema || !/^application\/(.+\+)?json$/.test(media)) continue;
          try {
            this.validator(`${key} ${status} ${media}`, c.schema);
          } catch (e) {
            throw new Error(`${key} ${status} ${media}: ${(e as Error).message}`);
          }
          n++;
        }
      }
    }
    return n;
  }

  private resolveResponse(response: Json): Json {
    const seen = new Set<string>();
    while (response?.$ref) {
      const ref: string = response.$ref;
      if (seen.has(ref) || !ref.startsWith("#/")) throw new Error(`Unresolvable response ${ref}`);
      seen.add(ref);
      response = ref
        .slice(2)
        .split("/")
        .map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"))
        .reduce((node: Json, part) => node?.[part], this.document);
    }
    return response;
  }

  private validator(key: string, schema: Json): ValidateFunction {
    let v = this.validators.get(key);
    if (!v) {
      v = this.ajv.compile(strict(schema, false));
      this.validators.set(key, v);
    }
    return v;
  }
}

const isObjectSchema = (s: Json) =>
  s.properties !== undefined || s.type === "object" || (Array.isArray(s.type) && s.type.includes("object")) || s.allOf !== undefined;

/**
 * A copy of a schema that allows only the properties it names (`unevaluatedProperties: false`, which
 * sees through `allOf`, `anyOf` and `$ref`), and whose references point at the components above.
 * `open`: this node is a member of an `allOf`, so its parent closes it.
 */
function strict(schema: Json, open: boolean): Json {
  if (Array.isArray(schema) || schema === null || typeof schema !== "object") return schema;
  const out: Json = {};
  for (const [k, v] of Object.entries<Json>(schema)) {
    if (k === "$ref" && typeof v === "string" && v.startsWith(SCHEMA_REF)) {
      out.$ref = `${DEFS_ID}#/$defs/${v.slice(SCHEMA_REF.length)}${open ? OPEN : ""}`;
    } else if (k === "properties" || k === "patternProperties" || k === "$defs") {
      out[k] = Object.fromEntries(Object.entries<Json>(v).map(([name, s]) => [name, strict(s, false)]));
    } else if (k === "allOf") {
      out[k] = v.map((s: Json) => strict(s, true));
    } else if (k === "anyOf" || k === "oneOf" || k === "prefixItems") {
      out[k] = v.map((s: Json) => strict(s, false));
    } else if (["items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames"].includes(k)) {
      out[k] = strict(v, false);
    } else {
      out[k] = v;
    }
  }
  if (!open && isObjectSchema(schema) && !("additionalProperties" in schema) && !("unevaluatedProperties" in schema)) {
    out.unevaluatedProperties = false;
  }
  return out;
}
