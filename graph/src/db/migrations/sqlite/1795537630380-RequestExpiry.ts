import type { MigrationInterface, QueryRunner } from "typeorm";

export class RequestExpiry1795537630380 implements MigrationInterface {
  name = "RequestExpiry1795537630380";

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE TABLE \"response_stats\" (\"userId\" varchar(36) PRIMARY KEY NOT NULL, \"received\" integer NOT NULL, \"answered\" integer NOT NULL, \"within1h\" integer NOT NULL, \"within3h\" integer NOT NULL, \"within6h\" integer NOT NULL, \"within12h\" integer NOT NULL, \"within24h\" integer NOT NULL, \"within48h\" integer NOT NULL, \"within96h\" integer NOT NULL, \"later\" integer NOT NULL, \"updatedAt\" datetime(3) NOT NULL)");
    await q.query("CREATE INDEX \"idx_swap_requests_status_created\" ON \"swap_requests\" (\"status\", \"createdAt\") ");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("DROP INDEX \"idx_swap_requests_status_created\"");
    await q.query("DROP TABLE \"response_stats\"");
  }
}
