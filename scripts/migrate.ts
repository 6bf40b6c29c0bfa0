/** Applies the committed migrations to the configured database (start-up does the same). */
import "reflect-metadata";
import { ConfigError, loadConfig } from "../graph/src/config.js";
import { openDatabase } from "../graph/src/db/data-source.js";
import { allEntities } from "../graph/src/modules/index.js";

try {
  const config = loadConfig();
  const ds = await openDatabase(config.database, { entities: allEntities, logging: true });
  console.log(`migrations applied to ${config.database.kind}`);
  await ds.destroy();
} catch (e) {
  console.error(e instanceof ConfigError ? e.message : e);
  process.exit(1);
}
