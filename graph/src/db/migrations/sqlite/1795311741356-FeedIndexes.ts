import type { MigrationInterface, QueryRunner } from "typeorm";

export class FeedIndexes1795311741356 implements MigrationInterface {
  name = "FeedIndexes1795311741356";

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE INDEX \"idx_users_feed\" ON \"users\" (\"createdAt\", \"id\") ");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("DROP INDEX \"idx_users_feed\"");
  }
}
