/**
 * A TCP proxy for fault tests (node:net only): the app talks to MariaDB or Redis through it, and a test
 * switches what the network does.
 * - `pass`: bytes flow both ways (held bytes of a partition are delivered when it heals);
 * - `blackhole`: a partition with TCP open: connections, old and new, are accepted and held; no byte
 *   goes either way until the mode changes;
 * - `refuse`: every open connection is reset, and each new one is reset as soon as it is accepted
 *   (a server that is down).
 */
import { createServer, type Server, type Socket, connect } from "node:net";

export type FaultMode = "pass" | "blackhole" | "refuse";

interface Pair {
  client: Socket;
  upstream: Socket | undefined;
  /** Bytes read while held, per direction, delivered in order when the mode is `pass` again. */
  toUpstream: Buffer[];
  toClient: Buffer[];
}

export interface FaultProxy {
  /** The proxy's port on 127.0.0.1. */
  readonly port: number;
  readonly mode: FaultMode;
  setMode(mode: FaultMode): void;
  /** `url` with its host and port replaced by the proxy's. */
  urlFor(url: string): string;
  /** Connections accepted so far. */
  readonly accepted: number;
  close(): Promise<void>;
}

export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  let mode: FaultMode = "pass";
  let accepted = 0;
  const pairs = new Set<Pair>();

  const drop = (pair: Pair) => {
    pairs.delete(pair);
    pair.client.resetAndDestroy();
    pair.upstream?.resetAndDestroy();
  };
  const flush = (pair: Pair) => {
    if (!pair.upstream) {
      openUpstream(pair);
      return;
    }
    for (const b of pair.toUpstream.splice(0)) pair.upstream.write(b);
    for (const b of pair.toClient.splice(0)) pair.client.write(b);
    pair.client.resume();
    pair.upstream.resume();
  };
  const openUpstream = (pair: Pair) => {
    const upstream = connect(target.port, target.host);
    pair.upstream = upstream;
    upstream.on("data", (b: Buffer) => {
      if (mode === "pass") pair.client.write(b);
      else pair.toClient.push(b);
    });
    upstream.on("error", () => drop(pair));
    upstream.on("close", () => {
      if (pairs.has(pair)) {
        pairs.delete(pair);
        pair.client.end();
      }
    });
    upstream.once("connect", () => {
      if (mode === "pass") flush(pair);
      else upstream.pause();
    });
  };

  const server: Server = createServer((client) => {
    accepted++;
    if (mode === "refuse") {
      client.on("error", () => undefined);
      client.resetAndDestroy();
      return;
    }
    const pair: Pair = { client, upstream: undefined, toUpstream: [], toClient: [] };
    pairs.add(pair);
    client.on("data", (b: Buffer) => {
      if (mode === "pass" && pair.upstream && !pair.upstream.connecting) pair.upstream.write(b);
      else pair.toUpstream.push(b);
    });
    client.on("error", () => drop(pair));
    client.on("close", () => {
      if (pairs.has(pair)) {
        pairs.delete(pair);
        pair.upstream?.end();
      }
    });
    // Held: the client sees an open connection that never answers (nothing is sent upstream yet).
    if (mode === "pass") openUpstream(pair);
    else client.pause();
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as { port: number }).port;

  return {
    port,
    get mode() {
      return mode;
    },
    get accepted() {
      return accepted;
    },
    setMode(next) {
      mode = next;
      for (const pair of [...pairs]) {
        if (next === "refuse") drop(pair);
        else if (next === "blackhole") {
          pair.client.pause();
          pair.upstream?.pause();
        } else flush(pair);
      }
    },
    urlFor(url) {
      const u = new URL(url);
      u.hostname = "127.0.0.1";
      u.port = String(port);
      return u.toString();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const pair of [...pairs]) drop(pair);
        server.close(() => resolve());
      }),
  };
}
