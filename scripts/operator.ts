/**
 * Operators from the command line (the only way besides OPERATOR_EMAILS; nothing in the public API
 * can make someone an operator):
 *   npm run operator -- grant <email>    npm run operator -- revoke <email>    npm run operator -- list
 *   npm run operator -- outbox (mail waiting and mail given up on, with the last error)
 *   npm run operator -- outbox-retry <id> (queues a failed row again, once its cause is fixed)
 *   npm run operator -- outbox-retry --all-failed [--since <date>] (queues every failed row again, or those
 *     that failed at or after the date: after a mail server misconfiguration is fixed)
 * Uses DATABASE_URL (or the embedded SQLite file in DATA_DIR), like the server. Every change is
 * written to the audit log as "cli".
 */
import "reflect-metadata";
import { ConfigError, loadConfig } from "../graph/src/config.js";
import { openDatabase } from "../graph/src/db/data-source.js";
import { allEntities } from "../graph/src/modules/index.js";
import { listOperators, setOperator } from "../graph/src/modules/moderation/operators.service.js";
import { createTx } from "../graph/src/db/transaction.js";
import { systemClock } from "../graph/src/shared/clock.js";
import { isAppError } from "../graph/src/shared/errors.js";
import { createLogger } from "../graph/src/shared/logger.js";
import { Outbox } from "../graph/src/shared/outbox.js";

const [command, email, ...rest] = process.argv.slice(2);
const usage =
  "usage: npm run operator -- grant <email> | revoke <email> | list | outbox | outbox-retry <id> | outbox-retry --all-failed [--since <date>]";

try {
  const allFailed = command === "outbox-retry" && email === "--all-failed";
  const since = allFailed && rest[0] === "--since" && rest[1] ? new Date(rest[1]) : undefined;
  if (
    !["grant", "revoke", "list", "outbox", "outbox-retry"].includes(command ?? "") ||
    (!["list", "outbox"].includes(command!) && !email) ||
    (allFailed && !(rest.length === 0 || (rest.length === 2 && since && !Number.isNaN(since.getTime()))))
  ) {
    console.error(usage);
    process.exit(1);
  }
  const config = loadConfig();
  const ds = await openDatabase(config.database, { entities: allEntities });
  try {
    const outbox = () =>
      new Outbox({ tx: createTx(ds), dataSource: ds, clock: systemClock, logger: createLogger("silent"), settings: config.outbox });
    if (command === "outbox") {
      const depth = await outbox().depth();
      console.log(`pending: ${JSON.stringify(depth.pending)}\tfailed: ${depth.failed}`);
      for (const f of await outbox().failures()) {
        console.log(`${f.id}\t${f.channel}\t${f.failedAt?.toISOString()}\tattempts ${f.attempts}\t${f.lastError ?? ""}`);
      }
    } else if (allFailed) {
      const n = await outbox().retryAllFailed({ since });
      console.log(`queued again: ${n} failed outbox row${n === 1 ? "" : "s"}${since ? ` (failed since ${since.toISOString()})` : ""}`);
    } else if (command === "outbox-retry") {
      console.log((await outbox().retryFailed(email!)) ? `queued again: ${email}` : `not a failed outbox row: ${email}`);
    } else if (command === "list") {
      for (const o of await listOperators(ds, config)) console.log(`${o.email}\t${o.source}`);
    } else {
      const { changed } = await setOperator(ds, email!, command === "grant", new Date());
      const address = email!.trim().toLowerCase();
      console.log(
        changed
          ? `${command === "grant" ? "granted" : "revoked"}: ${address}`
          : `unchanged: ${address} ${command === "grant" ? "already is" : "is not"} an operator`,
      );
    }
  } finally {
    await ds.destroy();
  }
} catch (e) {
  console.error(e instanceof ConfigError || isAppError(e) ? e.message : e);
  process.exit(1);
}
