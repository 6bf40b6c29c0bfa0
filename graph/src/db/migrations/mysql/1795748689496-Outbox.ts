import type { MigrationInterface, QueryRunner } from "typeorm";

export class Outbox1795748689496 implements MigrationInterface {
  name = "Outbox1795748689496";

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE TABLE `outbox_items` (`id` varchar(36) NOT NULL, `channel` varchar(40) NOT NULL, `dedupeKey` varchar(191) NULL, `payload` text NOT NULL, `status` varchar(10) NOT NULL, `attempts` int NOT NULL, `dueAt` datetime(3) NOT NULL, `leaseOwner` varchar(36) NULL, `leaseUntil` datetime(3) NULL, `createdAt` datetime(3) NOT NULL, `finishedAt` datetime(3) NULL, `lastError` varchar(1000) NULL, INDEX `idx_outbox_items_status_due` (`status`, `dueAt`), UNIQUE INDEX `uq_outbox_items_channel_key` (`channel`, `dedupeKey`), PRIMARY KEY (`id`)) ENGINE=InnoDB");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("DROP INDEX `uq_outbox_items_channel_key` ON `outbox_items`");
    await q.query("DROP INDEX `idx_outbox_items_status_due` ON `outbox_items`");
    await q.query("DROP TABLE `outbox_items`");
  }
}
