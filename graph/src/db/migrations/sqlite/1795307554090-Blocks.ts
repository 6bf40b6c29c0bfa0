import type { MigrationInterface, QueryRunner } from "typeorm";

export class Blocks1795307554090 implements MigrationInterface {
  name = "Blocks1795307554090";

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE TABLE \"blocks\" (\"id\" varchar(36) PRIMARY KEY NOT NULL, \"blockerId\" varchar(36) NOT NULL, \"blockedId\" varchar(36) NOT NULL, \"reason\" varchar(30) NOT NULL, \"createdAt\" datetime(3) NOT NULL)");
    await q.query("CREATE INDEX \"idx_blocks_blocked\" ON \"blocks\" (\"blockedId\") ");
    await q.query("CREATE UNIQUE INDEX \"uq_blocks_pair\" ON \"blocks\" (\"blockerId\", \"blockedId\") ");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("DROP INDEX \"uq_blocks_pair\"");
    await q.query("DROP INDEX \"idx_blocks_blocked\"");
    await q.query("DROP TABLE \"blocks\"");
  }
}
