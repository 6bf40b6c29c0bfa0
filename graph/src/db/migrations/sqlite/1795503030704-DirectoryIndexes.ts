import type { MigrationInterface, QueryRunner } from "typeorm";
import { backfillDirectoryIndexes } from "../frozen/directory-indexes-backfill.js";

export class DirectoryIndexes1795503030704 implements MigrationInterface {
  name = "DirectoryIndexes1795503030704";

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE TABLE \"feed_entries\" (\"userId\" varchar(36) NOT NULL, \"kind\" varchar(1) NOT NULL, \"term\" varchar(60) NOT NULL, \"term2\" varchar(60) NOT NULL, \"validFrom\" datetime(3) NOT NULL, \"validTo\" datetime(3), \"userCreatedAt\" datetime(3) NOT NULL, PRIMARY KEY (\"userId\", \"kind\", \"term\", \"term2\", \"validFrom\"))");
    await q.query("CREATE INDEX \"idx_feed_entries_expiry\" ON \"feed_entries\" (\"validTo\") ");
    await q.query("CREATE INDEX \"idx_feed_entries_owner\" ON \"feed_entries\" (\"userId\", \"kind\", \"term\", \"term2\", \"validFrom\", \"validTo\") ");
    await q.query("CREATE INDEX \"idx_feed_entries_walk\" ON \"feed_entries\" (\"kind\", \"term\", \"term2\", \"userCreatedAt\", \"userId\", \"validFrom\", \"validTo\") ");
    await q.query("CREATE TABLE \"search_terms\" (\"userId\" varchar(36) NOT NULL, \"field\" varchar(1) NOT NULL, \"term\" varchar(60) NOT NULL, \"sortKey\" varchar(60) NOT NULL, PRIMARY KEY (\"userId\", \"field\", \"term\"))");
    await q.query("CREATE INDEX \"idx_search_terms_walk\" ON \"search_terms\" (\"field\", \"term\", \"sortKey\", \"userId\") ");
    await q.query("CREATE TABLE \"temporary_feed_snapshots\" (\"userId\" varchar(36) PRIMARY KEY NOT NULL, \"takenAt\" datetime(3) NOT NULL, \"served\" integer NOT NULL DEFAULT (0), \"cursor\" varchar(200))");
    await q.query("INSERT INTO \"temporary_feed_snapshots\"(\"userId\", \"takenAt\") SELECT \"userId\", \"takenAt\" FROM \"feed_snapshots\"");
    await q.query("DROP TABLE \"feed_snapshots\"");
    await q.query("ALTER TABLE \"temporary_feed_snapshots\" RENAME TO \"feed_snapshots\"");
    // Backfill: every listed student of an existing database gets their feed and search rows.
    await backfillDirectoryIndexes(q.manager);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("ALTER TABLE \"feed_snapshots\" RENAME TO \"temporary_feed_snapshots\"");
    await q.query("CREATE TABLE \"feed_snapshots\" (\"userId\" varchar(36) PRIMARY KEY NOT NULL, \"takenAt\" datetime(3) NOT NULL)");
    await q.query("INSERT INTO \"feed_snapshots\"(\"userId\", \"takenAt\") SELECT \"userId\", \"takenAt\" FROM \"temporary_feed_snapshots\"");
    await q.query("DROP TABLE \"temporary_feed_snapshots\"");
    await q.query("DROP INDEX \"idx_search_terms_walk\"");
    await q.query("DROP TABLE \"search_terms\"");
    await q.query("DROP INDEX \"idx_feed_entries_walk\"");
    await q.query("DROP INDEX \"idx_feed_entries_owner\"");
    await q.query("DROP INDEX \"idx_feed_entries_expiry\"");
    await q.query("DROP TABLE \"feed_entries\"");
  }
}
