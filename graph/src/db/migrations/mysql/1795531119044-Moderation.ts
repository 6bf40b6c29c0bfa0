import type { MigrationInterface, QueryRunner } from "typeorm";

export class Moderation1795531119044 implements MigrationInterface {
  name = "Moderation1795531119044";

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE TABLE `operators` (`userId` varchar(36) NOT NULL, `grantedAt` datetime(3) NOT NULL, `grantedBy` varchar(60) NOT NULL, PRIMARY KEY (`userId`)) ENGINE=InnoDB");
    await q.query("CREATE TABLE `operator_actions` (`id` varchar(36) NOT NULL, `operatorId` varchar(36) NULL, `actor` varchar(254) NOT NULL, `action` varchar(20) NOT NULL, `targetUserId` varchar(36) NULL, `reportId` varchar(36) NULL, `postId` varchar(36) NULL, `reason` varchar(500) NOT NULL, `details` varchar(200) NULL, `createdAt` datetime(3) NOT NULL, INDEX `idx_operator_actions_created` (`createdAt`, `id`), PRIMARY KEY (`id`)) ENGINE=InnoDB");
    await q.query("ALTER TABLE `users` ADD `suspendedUntil` datetime(3) NULL");
    await q.query("ALTER TABLE `users` ADD `suspensionReason` varchar(500) NULL");
    await q.query("ALTER TABLE `chat_reports` ADD `resolvedAt` datetime(3) NULL");
    await q.query("ALTER TABLE `chat_reports` ADD `resolution` varchar(20) NULL");
    await q.query("ALTER TABLE `chat_reports` ADD `resolvedById` varchar(36) NULL");
    await q.query("ALTER TABLE `implement_posts` ADD `hiddenByOperatorAt` datetime(3) NULL");
    await q.query("CREATE INDEX `idx_chat_reports_queue` ON `chat_reports` (`resolvedAt`, `createdAt`)");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("DROP INDEX `idx_chat_reports_queue` ON `chat_reports`");
    await q.query("ALTER TABLE `implement_posts` DROP COLUMN `hiddenByOperatorAt`");
    await q.query("ALTER TABLE `chat_reports` DROP COLUMN `resolvedById`");
    await q.query("ALTER TABLE `chat_reports` DROP COLUMN `resolution`");
    await q.query("ALTER TABLE `chat_reports` DROP COLUMN `resolvedAt`");
    await q.query("ALTER TABLE `users` DROP COLUMN `suspensionReason`");
    await q.query("ALTER TABLE `users` DROP COLUMN `suspendedUntil`");
    await q.query("DROP INDEX `idx_operator_actions_created` ON `operator_actions`");
    await q.query("DROP TABLE `operator_actions`");
    await q.query("DROP TABLE `operators`");
  }
}
