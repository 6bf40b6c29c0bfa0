import type { MigrationInterface, QueryRunner } from "typeorm";

export class Outbox1795748689496 implements MigrationInterface {
  name = "Outbox1795748689496";

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE TABLE \"outbox_items\" (\"id\" varchar(36) PRIMARY KEY NOT NULL, \"channel\" varchar(40) NOT NULL, \"dedupeKey\" varchar(191), \"payload\" text NOT NULL, \"status\" varchar(10) NOT NULL, \"attempts\" integer NOT NULL, \"dueAt\" datetime(3) NOT NULL, \"leaseOwner\" varchar(36), \"leaseUntil\" datetime(3), \"createdAt\" datetime(3) NOT NULL, \"finishedAt\" datetime(3), \"lastError\" varchar(1000))");
    await q.query("CREATE INDEX \"idx_outbox_items_status_due\" ON \"outbox_items\" (\"status\", \"dueAt\") ");
    await q.query("CREATE UNIQUE INDEX \"uq_outbox_items_channel_key\" ON \"outbox_items\" (\"channel\", \"dedupeKey\") ");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("DROP INDEX \"uq_outbox_items_channel_key\"");
    await q.query("DROP INDEX \"idx_outbox_items_status_due\"");
    await q.query("DROP TABLE \"outbox_items\"");
  }
}
