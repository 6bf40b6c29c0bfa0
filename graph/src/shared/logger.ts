import { destination as pinoDestination, pino, type Logger } from "pino";

export type { Logger };

const options = (level: string) => ({ level, base: undefined, redact: ["req.headers.authorization", "password", "*.password"] });

export function createLogger(level: string): Logger {
  return pino(options(level));
}

/**
 * The server process's logger: synchronous writes to stdout (pino.destination with `sync: true`),
 * so nothing waits in a buffer for a final flush at exit. sonic-boom's final flush of an
 * asynchronous destination retries forever on a closed pipe (EPIPE), blocking the main thread so
 * not even the forced-exit timer can fire. Here a closed pipe (EPIPE) only stops logging (pino's
 * own handler), a stdout that stays full (EAGAIN) is retried until `giveUp()` says the shutdown
 * deadline has passed, and any other write error is dropped: the process goes on either way.
 */
export function createProcessLogger(level: string, giveUp: () => boolean): Logger {
  const destination = pinoDestination({ dest: 1, sync: true, retryEAGAIN: () => !giveUp() });
  destination.on("error", () => undefined);
  return pino(options(level), destination);
}
