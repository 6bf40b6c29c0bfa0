import { describe, expect, it } from "vitest";
import { createDataSource } from "../../src/db/data-source.js";
import { allEntities } from "../../src/modules/index.js";
import { dbTargets, startTestApp } from "../harness.js";

describe.each(dbTargets)("migrations on %s", (target) => {
  it("build exactly the schema the entities describe (run `npm run migration:generate -- Name`)", async () => {
    const t = await startTestApp(target);
    // The diff runs on a DataSource of its own (no migrations run, nothing else using it): TypeORM's
    // better-sqlite3 driver hands every caller the same query runner, and the running app's own work
    // (e.g. the outbox's startup cleanup transaction) releases it, which empties the tables the schema
    // builder loaded mid-diff, so every table would look missing.
    const ds = await createDataSource(t.config.database, { entities: allEntities });
    try {
      await ds.initialize();
      const pending = await ds.driver.createSchemaBuilder().log();
      expect(pending.upQueries.map((q) => q.query)).toEqual([]);
    } finally {
      if (ds.isInitialized) await ds.destroy();
      await t.close();
    }
  });
});
