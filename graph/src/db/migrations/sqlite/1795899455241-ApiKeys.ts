import type { MigrationInterface, QueryRunner } from "typeorm";

export class ApiKeys1795899455241 implements MigrationInterface {
  name = "ApiKeys1795899455241";

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE TABLE \"api_keys\" (\"id\" varchar(36) PRIMARY KEY NOT NULL, \"ownerId\" varchar(36) NOT NULL, \"name\" varchar(60) NOT NULL, \"prefix\" varchar(16) NOT NULL, \"secretHash\" varchar(64) NOT NULL, \"createdAt\" datetime(3) NOT NULL, \"lastUsedAt\" datetime(3), \"revokedAt\" datetime(3))");
    await q.query("CREATE INDEX \"idx_api_keys_owner\" ON \"api_keys\" (\"ownerId\", \"createdAt\") ");
    await q.query("CREATE UNIQUE INDEX \"uq_api_keys_secret_hash\" ON \"api_keys\" (\"secretHash\") ");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("DROP INDEX \"uq_api_keys_secret_hash\"");
    await q.query("DROP INDEX \"idx_api_keys_owner\"");
    await q.query("DROP TABLE \"api_keys\"");
  }
}
