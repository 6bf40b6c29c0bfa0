import type { MigrationInterface, QueryRunner } from "typeorm";

export class PresenceAndUnread1795539959427 implements MigrationInterface {
  name = "PresenceAndUnread1795539959427";

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE TABLE `presence_settings` (`userId` varchar(36) NOT NULL, `onlineVisible` tinyint NOT NULL, `updatedAt` datetime(3) NOT NULL, PRIMARY KEY (`userId`)) ENGINE=InnoDB");
    await q.query("ALTER TABLE `chats` ADD `requesterReadSeq` int NOT NULL DEFAULT '0'");
    await q.query("ALTER TABLE `chats` ADD `receiverReadSeq` int NOT NULL DEFAULT '0'");
    await q.query("ALTER TABLE `chats` ADD `requesterReadAt` datetime(3) NULL");
    await q.query("ALTER TABLE `chats` ADD `receiverReadAt` datetime(3) NULL");
    // Chats that existed before the markers: their history counts as read, not as a flood of unread messages.
    await q.query("UPDATE chats SET requesterReadSeq = messageCount, receiverReadSeq = messageCount");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("ALTER TABLE `chats` DROP COLUMN `receiverReadAt`");
    await q.query("ALTER TABLE `chats` DROP COLUMN `requesterReadAt`");
    await q.query("ALTER TABLE `chats` DROP COLUMN `receiverReadSeq`");
    await q.query("ALTER TABLE `chats` DROP COLUMN `requesterReadSeq`");
    await q.query("DROP TABLE `presence_settings`");
  }
}
