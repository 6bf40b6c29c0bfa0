/**
 * The API's one pagination convention (docs/internals.md "Pagination"): every list is a Relay
 * connection paged with `first`/`after` (and `last`/`before` where a list is read backwards), the
 * cursor a keyset position encoded by shared/cursor.ts. These helpers are plain TypeScript so
 * services can build connections; the GraphQL classes are in graphql-types.ts.
 */
import { badInput } from "./errors.js";

/** The largest page any list serves; a larger `first`/`last` is refused (BAD_USER_INPUT), never clamped. */
export const MAX_PAGE_SIZE = 100;

export interface PageInfo {
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  startCursor: string | null;
  endCursor: string | null;
}

export interface Edge<TNode> {
  node: TNode;
  cursor: string;
}

export interface Connection<TNode> {
  edges: Edge<TNode>[];
  pageInfo: PageInfo;
}

/** `first` or `last` checked against 1..max (default `fallback`): a clear BAD_USER_INPUT otherwise. */
export function pageSize(name: "first" | "last", value: number | null | undefined, fallback: number, max = MAX_PAGE_SIZE): number {
  const n = value ?? fallback;
  if (!Number.isSafeInteger(n) || n < 1 || n > max) throw badInput(`${name} must be between 1 and ${max}`);
  return n;
}

/** The largest offset (`skip`) an offset-paged read takes: what REST's `?skip=` admits (six digits). */
export const MAX_SKIP = 999_999;
export const SKIP_MESSAGE = "skip must be a whole number of 0 or more";

/** An offset (REST's `skip`: how many rows the client already has) checked against 0..max: BAD_USER_INPUT otherwise. */
export function checkSkip(skip: number, max = MAX_SKIP): number {
  if (!Number.isInteger(skip) || skip < 0 || skip > max) throw badInput(SKIP_MESSAGE);
  return skip;
}

/**
 * The first `max` nodes of a forward-paged list, read page by page (MAX_PAGE_SIZE at most each):
 * an old client's whole list, through the one paged read. Most lists end within the first page.
 */
export async function firstNodes<TNode>(
  max: number,
  readPage: (first: number, after: string | null) => Promise<Connection<TNode>>,
): Promise<TNode[]> {
  const nodes: TNode[] = [];
  let after: string | null = null;
  do {
    const page = await readPage(Math.min(MAX_PAGE_SIZE, max - nodes.length), after);
    for (const edge of page.edges) nodes.push(edge.node);
    after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
  } while (after !== null && nodes.length < max);
  return nodes;
}

/**
 * A connection over `nodes` in the list's order, each edge with its own cursor. Cursors are made
 * when read, not when the page is built: most queries select the nodes and `pageInfo.endCursor`
 * only, and encoding one (JSON, then base64url) for each of 30 rows was about a tenth of a chat
 * list read's CPU. Each edge's `cursor` (and `pageInfo`'s start and end cursor) is an own,
 * enumerable property that computes its value once on first read, so spreading, JSON and
 * deep-equality see a plain `{ node, cursor }`.
 */
export function connection<TNode>(
  nodes: readonly TNode[],
  cursorOf: (node: TNode, index: number) => string,
  page: { hasNextPage: boolean; hasPreviousPage: boolean },
): Connection<TNode> {
  const cursors: Array<string | undefined> = new Array(nodes.length);
  const cursorAt = (i: number): string => (cursors[i] ??= cursorOf(nodes[i], i));
  const edges = nodes.map((node, i) => lazyEdge(node, i, cursorAt));
  const last = nodes.length - 1;
  return {
    edges,
    pageInfo: {
      hasNextPage: page.hasNextPage,
      hasPreviousPage: page.hasPreviousPage,
      get startCursor() {
        return last >= 0 ? cursorAt(0) : null;
      },
      get endCursor() {
        return last >= 0 ? cursorAt(last) : null;
      },
    },
  };
}

function lazyEdge<TNode>(node: TNode, i: number, cursorAt: (i: number) => string): Edge<TNode> {
  return {
    node,
    get cursor() {
      return cursorAt(i);
    },
  };
}

/**
 * A forward page from rows read in list order with LIMIT first + 1 after the `after` position:
 * the extra row only tells that there is a next page. hasPreviousPage: a page after a cursor has
 * at least the cursor's row before it.
 */
export function forwardPage<TRow, TNode = TRow>(
  rows: readonly TRow[],
  first: number,
  after: unknown,
  cursorOf: (row: TRow) => string,
  nodeOf: (row: TRow) => TNode = (row) => row as unknown as TNode,
): Connection<TNode> {
  const page = rows.slice(0, first);
  return connection(page.map(nodeOf), (_, i) => cursorOf(page[i]), { hasNextPage: rows.length > first, hasPreviousPage: after != null });
}

/**
 * A backward page from rows read newest first (reverse list order) with LIMIT last + 1 before the
 * `before` position; the connection lists them in list order (oldest first).
 */
export function backwardPage<TRow, TNode = TRow>(
  rows: readonly TRow[],
  last: number,
  before: unknown,
  cursorOf: (row: TRow) => string,
  nodeOf: (row: TRow) => TNode = (row) => row as unknown as TNode,
): Connection<TNode> {
  const page = rows.slice(0, last).reverse();
  return connection(page.map(nodeOf), (_, i) => cursorOf(page[i]), { hasNextPage: before != null, hasPreviousPage: rows.length > last });
}

/**
 * A forward page of a short list already read whole in list order (a batched per-parent list such
 * as a post's applicants): `isPastCursor` tells the first item past the cursor's position.
 */
export function slicePage<TNode>(
  items: readonly TNode[],
  first: number,
  after: unknown,
  isPastCursor: (node: TNode) => boolean,
  cursorOf: (node: TNode) => string,
): Connection<TNode> {
  const start = after == null ? 0 : items.findIndex(isPastCursor);
  const rest = start < 0 ? [] : items.slice(start, start + first + 1);
  return forwardPage(rest, first, after, cursorOf);
}
