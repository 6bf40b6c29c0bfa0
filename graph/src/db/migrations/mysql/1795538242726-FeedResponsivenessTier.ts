import type { MigrationInterface, QueryRunner } from "typeorm";

export class FeedResponsivenessTier1795538242726 implements MigrationInterface {
  name = "FeedResponsivenessTier1795538242726";

  async up(q: QueryRunner): Promise<void> {
    await q.query("DROP INDEX `idx_feed_entries_walk` ON `feed_entries`");
    await q.query("ALTER TABLE `feed_entries` ADD `tier` int NOT NULL DEFAULT '1'");
    await q.query("CREATE INDEX `idx_feed_entries_walk` ON `feed_entries` (`kind`, `term`, `term2`, `tier`, `userCreatedAt`, `userId`, `validFrom`, `validTo`)");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("DROP INDEX `idx_feed_entries_walk` ON `feed_entries`");
    await q.query("ALTER TABLE `feed_entries` DROP COLUMN `tier`");
    await q.query("CREATE INDEX `idx_feed_entries_walk` ON `feed_entries` (`kind`, `term`, `term2`, `userCreatedAt`, `userId`, `validFrom`, `validTo`)");
  }
}
