/** The nodes of a connection (`edges { node }`) in its order; none while it is not loaded. */
export function nodesOf<T>(connection: { edges: ReadonlyArray<{ node: T }> } | null | undefined): T[] {
  return connection ? connection.edges.map((edge) => edge.node) : [];
}
