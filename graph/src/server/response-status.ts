import type { ApolloServerPlugin } from "@apollo/server";

const JSON_TYPE = "application/json";
const GRAPHQL_RESPONSE_TYPE = "application/graphql-response+json";

/** The errors a well-formed request can get before any field runs: bad document, bad variables. */
const REQUEST_ERROR_CODES = new Set(["GRAPHQL_PARSE_FAILED", "GRAPHQL_VALIDATION_FAILED", "BAD_USER_INPUT"]);

/**
 * Which of the two GraphQL media types a client's Accept header prefers, by the rules Apollo's
 * negotiation follows: highest q, then the most specific range (`application/json` over
 * `application/*` over `*\/*`), then the range listed first, then application/json. No header
 * means application/json (GraphQL over HTTP says so for legacy clients).
 */
export function preferredGraphqlMediaType(accept: string | undefined): typeof JSON_TYPE | typeof GRAPHQL_RESPONSE_TYPE | null {
  if (!accept) return JSON_TYPE;
  const ranges = accept.split(",").map((part, order) => {
    const [range, ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith("q="));
    return { range, q: q ? Number(q.slice(2)) : 1, order };
  });
  const score = (type: string) => {
    let best: [number, number, number] | null = null;
    for (const { range, q, order } of ranges) {
      const specificity = range === type ? 2 : range === "application/*" ? 1 : range === "*/*" ? 0 : -1;
      if (specificity < 0 || Number.isNaN(q)) continue;
      if (!best || specificity > best[1]) best = [q, specificity, order];
    }
    return best && best[0] > 0 ? best : null;
  };
  const json = score(JSON_TYPE);
  const graphql = score(GRAPHQL_RESPONSE_TYPE);
  if (!json || !graphql) return json ? JSON_TYPE : graphql ? GRAPHQL_RESPONSE_TYPE : null;
  for (let i = 0; i < 3; i++) {
    // Higher q and specificity win; for the order in the header, the earlier (lower) one.
    const [a, b] = i < 2 ? [json[i], graphql[i]] : [graphql[i], json[i]];
    if (a !== b) return a > b ? JSON_TYPE : GRAPHQL_RESPONSE_TYPE;
  }
  return JSON_TYPE;
}

/**
 * GraphQL over HTTP: a well-formed request whose document does not parse or validate, or whose
 * variables do not fit, is answered 400 in `application/graphql-response+json` (what Apollo Client
 * asks for first), but 200 in `application/json`, where legacy clients and intermediaries read a
 * 4xx as "the request never reached GraphQL". Apollo answers 400 either way; this sets 200 for the
 * JSON answer and states the content type it chose, so status and type always agree. Malformed
 * requests (no query, a query that is not a string, bad JSON) and limits (429) keep their status.
 */
export function graphqlOverHttpStatus<C extends object>(): ApolloServerPlugin<C> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse(rc) {
          const { response } = rc;
          if (response.http.status !== 400 || response.body.kind !== "single") return;
          const result = response.body.singleResult;
          if (result.data !== undefined || !result.errors?.length) return;
          if (!result.errors.every((e) => REQUEST_ERROR_CODES.has(String(e.extensions?.code)))) return;
          const type = preferredGraphqlMediaType(rc.request.http?.headers.get("accept"));
          if (type !== JSON_TYPE || response.http.headers.has("content-type")) return;
          response.http.status = 200;
          response.http.headers.set("content-type", `${JSON_TYPE}; charset=utf-8`);
        },
      };
    },
  };
}
