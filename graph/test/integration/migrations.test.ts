import { describe, expect, it } from "vitest";
import { dbTargets, startTestApp } from "../harness.js";

describe.each(dbTargets)("migrations on %s", (target) => {
  it("build exactly the schema the entities describe (run `npm run migration:generate -- Name`)", async () => {
    const t = await startTestApp(target);
    try {
      const pending = await t.dataSource.driver.createSchemaBuilder().log();
      expect(pending.upQueries.map((q) => q.query)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
