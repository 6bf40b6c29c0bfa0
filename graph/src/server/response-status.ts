const JSON_TYPE = "application/json";

/** The errors a well-formed request can get before any field runs: bad document, bad variables. */
const REQUEST_ERROR_CODES = new Set(["GRAPHQL_PARSE_FAILED", "GRAPHQL_VALIDATION_FAILED", "BAD_USER_INPUT"]);

/**
 * GraphQL over HTTP: a well-formed request whose document does not parse or validate, or whose
 * variables do not fit, is answered 400 in `application/graphql-response+json` (what Apollo Client
 * asks for first), but 200 in `application/json`, where legacy clients and intermediaries read a
 * 4xx as "the request never reached GraphQL". Apollo answers 400 either way, in the media type its
 * negotiation chose from the Accept header: given that answer, this is the status to send, so
 * status and type always agree. Malformed requests (no query, a query that is not a string, bad
 * JSON) and limits (429) keep their status. Only a 400 is read, so other answers cost nothing here.
 */
export function graphqlOverHttpStatus(status: number, contentType: string | undefined, body: string): number {
  if (status !== 400 || !contentType?.toLowerCase().startsWith(JSON_TYPE)) return status;
  let answer: { data?: unknown; errors?: Array<{ extensions?: { code?: unknown } }> };
  try {
    answer = JSON.parse(body) as typeof answer;
  } catch {
    return status;
  }
  if (answer.data !== undefined || !answer.errors?.length) return status;
  return answer.errors.every((e) => REQUEST_ERROR_CODES.has(String(e.extensions?.code))) ? 200 : status;
}
