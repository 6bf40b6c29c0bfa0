import { startApp } from "./app.js";
import { ConfigError, loadConfig } from "./config.js";
import { ShiftableClock } from "./shared/clock.js";
import { createLogger } from "./shared/logger.js";

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
  const logger = createLogger(config.logLevel);
  const e2eClock = config.e2eHooks ? new ShiftableClock() : undefined;
  // Signals are handled from the first moment: the server may answer requests before start-up
  // has finished, and a SIGTERM then must still shut it down cleanly (once it is up).
  let stopping: string | null = null;
  let app: Awaited<ReturnType<typeof startApp>> | null = null;
  const stop = async (signal: string) => {
    if (!app) {
      stopping = signal;
      return;
    }
    logger.info({ signal }, "shutting down");
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    clearTimeout(timer);
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));
  app = await startApp(config, { logger, clock: e2eClock, e2eClock });
  // The compiled server's entry keeps what V8 compiled for this start, for the next one (scripts/build-server.mjs).
  (globalThis as unknown as Record<symbol, (() => void) | undefined>)[Symbol.for("skill-exchange.saveCodeCache")]?.();
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
