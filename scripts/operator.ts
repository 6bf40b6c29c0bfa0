/**
 * Operators from the command line (the only way besides OPERATOR_EMAILS; nothing in the public API
 * can make someone an operator):
 *   npm run operator -- grant <email>    npm run operator -- revoke <email>    npm run operator -- list
 * Uses DATABASE_URL (or the embedded SQLite file in DATA_DIR), like the server. Every change is
 * written to the audit log as "cli".
 */
import "reflect-metadata";
import { ConfigError, loadConfig } from "../graph/src/config.js";
import { openDatabase } from "../graph/src/db/data-source.js";
import { listOperators, setOperator } from "../graph/src/modules/moderation/operators.service.js";
import { isAppError } from "../graph/src/shared/errors.js";

const [command, email] = process.argv.slice(2);
const usage = "usage: npm run operator -- grant <email> | revoke <email> | list";

try {
  if (!["grant", "revoke", "list"].includes(command ?? "") || (command !== "list" && !email)) {
    console.error(usage);
    process.exit(1);
  }
  const config = loadConfig();
  const ds = await openDatabase(config.database);
  try {
    if (command === "list") {
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
