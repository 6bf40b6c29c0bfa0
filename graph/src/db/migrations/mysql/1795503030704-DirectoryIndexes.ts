import type { MigrationInterface, QueryRunner } from "typeorm";
import { backfillDirectoryIndexes } from "../frozen/directory-indexes-backfill.js";

export class DirectoryIndexes1795503030704 implements MigrationInterface {
  name = "DirectoryIndexes1795503030704";

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE TABLE `feed_entries` (`userId` varchar(36) NOT NULL, `kind` varchar(1) NOT NULL, `term` varchar(60) NOT NULL, `term2` varchar(60) NOT NULL, `validFrom` datetime(3) NOT NULL, `validTo` datetime(3) NULL, `userCreatedAt` datetime(3) NOT NULL, INDEX `idx_feed_entries_expiry` (`validTo`), INDEX `idx_feed_entries_owner` (`userId`, `kind`, `term`, `term2`, `validFrom`, `validTo`), INDEX `idx_feed_entries_walk` (`kind`, `term`, `term2`, `userCreatedAt`, `userId`, `validFrom`, `validTo`), PRIMARY KEY (`userId`, `kind`, `term`, `term2`, `validFrom`)) ENGINE=InnoDB");
    await q.query("CREATE TABLE `search_terms` (`userId` varchar(36) NOT NULL, `field` varchar(1) NOT NULL, `term` varchar(60) NOT NULL, `sortKey` varchar(60) NOT NULL, INDEX `idx_search_terms_walk` (`field`, `term`, `sortKey`, `userId`), PRIMARY KEY (`userId`, `field`, `term`)) ENGINE=InnoDB");
    await q.query("ALTER TABLE `feed_snapshots` ADD `served` int NOT NULL DEFAULT '0'");
    await q.query("ALTER TABLE `feed_snapshots` ADD `cursor` varchar(200) NULL");
    // Backfill: every listed student of an existing database gets their feed and search rows.
    await backfillDirectoryIndexes(q.manager);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("ALTER TABLE `feed_snapshots` DROP COLUMN `cursor`");
    await q.query("ALTER TABLE `feed_snapshots` DROP COLUMN `served`");
    await q.query("DROP INDEX `idx_search_terms_walk` ON `search_terms`");
    await q.query("DROP TABLE `search_terms`");
    await q.query("DROP INDEX `idx_feed_entries_walk` ON `feed_entries`");
    await q.query("DROP INDEX `idx_feed_entries_owner` ON `feed_entries`");
    await q.query("DROP INDEX `idx_feed_entries_expiry` ON `feed_entries`");
    await q.query("DROP TABLE `feed_entries`");
  }
}
