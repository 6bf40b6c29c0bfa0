import type { MigrationInterface, QueryRunner } from "typeorm";
import { backfillSharedPrefixes } from "../frozen/shared-prefix-backfill.js";

export class SearchSharedPrefix1795694005898 implements MigrationInterface {
  name = "SearchSharedPrefix1795694005898";

  async up(q: QueryRunner): Promise<void> {
    await q.query("DROP INDEX `idx_search_terms_walk` ON `search_terms`");
    await q.query("ALTER TABLE `search_terms` ADD `sharedPrefix` int NOT NULL DEFAULT '60'");
    await q.query("CREATE INDEX `idx_search_terms_walk` ON `search_terms` (`field`, `term`, `sortKey`, `userId`, `sharedPrefix`)");
    await backfillSharedPrefixes(q.manager);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("DROP INDEX `idx_search_terms_walk` ON `search_terms`");
    await q.query("ALTER TABLE `search_terms` DROP COLUMN `sharedPrefix`");
    await q.query("CREATE INDEX `idx_search_terms_walk` ON `search_terms` (`field`, `term`, `sortKey`, `userId`)");
  }
}
