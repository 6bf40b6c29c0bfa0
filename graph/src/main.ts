import { startApp } from "./app.js";
import { ConfigError, loadConfig } from "./config.js";
import { ShiftableClock } from "./shared/clock.js";
import { createProcessLogger } from "./shared/logger.js";

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  // Past the shutdown deadline the logger stops waiting for a stdout nobody reads.
  let deadline = Infinity;
  const logger = createProcessLogger(config.logLevel, () => Date.now() > deadline);
  const e2eClock = config.e2eHooks ? new ShiftableClock() : undefined;
  // Signals are handled from the first moment: the server may answer requests before start-up
  // has finished, and a SIGTERM then must still shut it down cleanly (once it is up).
  let stopping: string | null = null;
  let app: Awaited<ReturnType<typeof startApp>> | null = null;
  /**
   * Graceful stop (docs/internals.md, "Shutdown"): /readyz answers 503 at once, the server stops
   * accepting, in-flight requests and their transactions finish, realtime sockets close with 1012
   * (clients reconnect, to another instance behind the proxy), the job runner and the outbox worker
   * stop after their current item, then the pools close. Bounded by SHUTDOWN_TIMEOUT_SECONDS: past
   * it the process exits with status 1 whatever is still running.
   */
  let stopStarted = false;
  const stop = async (signal: string) => {
    if (!app) {
      stopping = signal;
      return;
    }
    if (stopStarted) return;
    stopStarted = true;
    const ms = config.shutdownTimeoutSeconds * 1000;
    deadline = Date.now() + ms;
    logger.info({ signal, timeoutSeconds: config.shutdownTimeoutSeconds }, "shutting down");
    const timer = setTimeout(() => {
      logger.error({ signal }, "shutdown took too long: exiting anyway");
      process.exit(1);
    }, ms);
    timer.unref();
    try {
      await app.close();
    } catch (err) {
      logger.error({ err }, "shutdown failed");
      process.exit(1);
    }
    clearTimeout(timer);
    logger.info("stopped");
    process.exit(0);
  };
  // `on`, not `once`, for the whole stop: a signal arriving while the server stops is ignored
  // (SHUTDOWN_TIMEOUT_SECONDS bounds the stop) rather than killing it midway with the signal's status.
  // (Apollo Server's own SIGTERM handler is off: `stopOnTerminationSignals: false` in server/apollo.ts.)
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
  app = await startApp(config, { logger, clock: e2eClock, e2eClock });
  logger.info(
    { url: config.publicUrl, database: config.database.kind, redis: Boolean(config.redisUrl) },
    `Skill Exchange is running at ${config.publicUrl} (GraphQL sandbox: ${config.publicUrl}/sandbox)`,
  );
  if (stopping) await stop(stopping);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
