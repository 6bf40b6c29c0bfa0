import type { MigrationInterface, QueryRunner } from "typeorm";

export class FeedResponsivenessTier1795538242726 implements MigrationInterface {
  name = "FeedResponsivenessTier1795538242726";

  async up(q: QueryRunner): Promise<void> {
    await q.query("DROP INDEX \"idx_feed_entries_walk\"");
    await q.query("DROP INDEX \"idx_feed_entries_owner\"");
    await q.query("DROP INDEX \"idx_feed_entries_expiry\"");
    await q.query("CREATE TABLE \"temporary_feed_entries\" (\"userId\" varchar(36) NOT NULL, \"kind\" varchar(1) NOT NULL, \"term\" varchar(60) NOT NULL, \"term2\" varchar(60) NOT NULL, \"validFrom\" datetime(3) NOT NULL, \"validTo\" datetime(3), \"userCreatedAt\" datetime(3) NOT NULL, \"tier\" integer NOT NULL DEFAULT (1), PRIMARY KEY (\"userId\", \"kind\", \"term\", \"term2\", \"validFrom\"))");
    await q.query("INSERT INTO \"temporary_feed_entries\"(\"userId\", \"kind\", \"term\", \"term2\", \"validFrom\", \"validTo\", \"userCreatedAt\") SELECT \"userId\", \"kind\", \"term\", \"term2\", \"validFrom\", \"validTo\", \"userCreatedAt\" FROM \"feed_entries\"");
    await q.query("DROP TABLE \"feed_entries\"");
    await q.query("ALTER TABLE \"temporary_feed_entries\" RENAME TO \"feed_entries\"");
    await q.query("CREATE INDEX \"idx_feed_entries_owner\" ON \"feed_entries\" (\"userId\", \"kind\", \"term\", \"term2\", \"validFrom\", \"validTo\") ");
    await q.query("CREATE INDEX \"idx_feed_entries_expiry\" ON \"feed_entries\" (\"validTo\") ");
    await q.query("CREATE INDEX \"idx_feed_entries_walk\" ON \"feed_entries\" (\"kind\", \"term\", \"term2\", \"tier\", \"userCreatedAt\", \"userId\", \"validFrom\", \"validTo\") ");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("DROP INDEX \"idx_feed_entries_walk\"");
    await q.query("DROP INDEX \"idx_feed_entries_expiry\"");
    await q.query("DROP INDEX \"idx_feed_entries_owner\"");
    await q.query("ALTER TABLE \"feed_entries\" RENAME TO \"temporary_feed_entries\"");
    await q.query("CREATE TABLE \"feed_entries\" (\"userId\" varchar(36) NOT NULL, \"kind\" varchar(1) NOT NULL, \"term\" varchar(60) NOT NULL, \"term2\" varchar(60) NOT NULL, \"validFrom\" datetime(3) NOT NULL, \"validTo\" datetime(3), \"userCreatedAt\" datetime(3) NOT NULL, PRIMARY KEY (\"userId\", \"kind\", \"term\", \"term2\", \"validFrom\"))");
    await q.query("INSERT INTO \"feed_entries\"(\"userId\", \"kind\", \"term\", \"term2\", \"validFrom\", \"validTo\", \"userCreatedAt\") SELECT \"userId\", \"kind\", \"term\", \"term2\", \"validFrom\", \"validTo\", \"userCreatedAt\" FROM \"temporary_feed_entries\"");
    await q.query("DROP TABLE \"temporary_feed_entries\"");
    await q.query("CREATE INDEX \"idx_feed_entries_expiry\" ON \"feed_entries\" (\"validTo\") ");
    await q.query("CREATE INDEX \"idx_feed_entries_owner\" ON \"feed_entries\" (\"userId\", \"kind\", \"term\", \"term2\", \"validFrom\", \"validTo\") ");
    await q.query("CREATE INDEX \"idx_feed_entries_walk\" ON \"feed_entries\" (\"kind\", \"term\", \"term2\", \"userCreatedAt\", \"userId\", \"validFrom\", \"validTo\") ");
  }
}
