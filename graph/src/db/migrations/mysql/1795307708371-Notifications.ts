import type { MigrationInterface, QueryRunner } from "typeorm";

export class Notifications1795307708371 implements MigrationInterface {
  name = "Notifications1795307708371";

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE TABLE `notifications` (`id` varchar(36) NOT NULL, `recipientId` varchar(36) NOT NULL, `notifierId` varchar(36) NOT NULL, `type` varchar(30) NOT NULL, `message` varchar(500) NOT NULL, `preachSkill` varchar(100) NULL, `preachCategory` varchar(60) NULL, `learnSkill` varchar(100) NULL, `learnCategory` varchar(60) NULL, `skillCoins` int NULL, `refId` varchar(36) NULL, `createdAt` datetime(3) NOT NULL, INDEX `idx_notifications_ref` (`refId`), INDEX `idx_notifications_recipient` (`recipientId`, `createdAt`), PRIMARY KEY (`id`)) ENGINE=InnoDB");
    await q.query("ALTER TABLE `users` CHANGE `gender` `gender` varchar(10) NULL");
    await q.query("ALTER TABLE `users` CHANGE `image` `image` varchar(1024) NULL");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("ALTER TABLE `users` CHANGE `image` `image` varchar(1024) NULL DEFAULT 'NULL'");
    await q.query("ALTER TABLE `users` CHANGE `gender` `gender` varchar(10) NULL DEFAULT 'NULL'");
    await q.query("DROP INDEX `idx_notifications_recipient` ON `notifications`");
    await q.query("DROP INDEX `idx_notifications_ref` ON `notifications`");
    await q.query("DROP TABLE `notifications`");
  }
}
