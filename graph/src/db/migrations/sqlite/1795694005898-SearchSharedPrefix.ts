import type { MigrationInterface, QueryRunner } from "typeorm";
import { backfillSharedPrefixes } from "../frozen/shared-prefix-backfill.js";

export class SearchSharedPrefix1795694005898 implements MigrationInterface {
  name = "SearchSharedPrefix1795694005898";

  async up(q: QueryRunner): Promise<void> {
    await q.query("DROP INDEX \"idx_search_terms_walk\"");
    await q.query("CREATE TABLE \"temporary_search_terms\" (\"userId\" varchar(36) NOT NULL, \"field\" varchar(1) NOT NULL, \"term\" varchar(60) NOT NULL, \"sortKey\" varchar(60) NOT NULL, \"sharedPrefix\" integer NOT NULL DEFAULT (60), PRIMARY KEY (\"userId\", \"field\", \"term\"))");
    await q.query("INSERT INTO \"temporary_search_terms\"(\"userId\", \"field\", \"term\", \"sortKey\") SELECT \"userId\", \"field\", \"term\", \"sortKey\" FROM \"search_terms\"");
    await q.query("DROP TABLE \"search_terms\"");
    await q.query("ALTER TABLE \"temporary_search_terms\" RENAME TO \"search_terms\"");
    await q.query("CREATE INDEX \"idx_search_terms_walk\" ON \"search_terms\" (\"field\", \"term\", \"sortKey\", \"userId\", \"sharedPrefix\") ");
    await backfillSharedPrefixes(q.manager);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("DROP INDEX \"idx_search_terms_walk\"");
    await q.query("ALTER TABLE \"search_terms\" RENAME TO \"temporary_search_terms\"");
    await q.query("CREATE TABLE \"search_terms\" (\"userId\" varchar(36) NOT NULL, \"field\" varchar(1) NOT NULL, \"term\" varchar(60) NOT NULL, \"sortKey\" varchar(60) NOT NULL, PRIMARY KEY (\"userId\", \"field\", \"term\"))");
    await q.query("INSERT INTO \"search_terms\"(\"userId\", \"field\", \"term\", \"sortKey\") SELECT \"userId\", \"field\", \"term\", \"sortKey\" FROM \"temporary_search_terms\"");
    await q.query("DROP TABLE \"temporary_search_terms\"");
    await q.query("CREATE INDEX \"idx_search_terms_walk\" ON \"search_terms\" (\"field\", \"term\", \"sortKey\", \"userId\") ");
  }
}
