import type { MigrationInterface, QueryRunner } from "typeorm";

export class LeaderboardViews1795899746379 implements MigrationInterface {
  name = "LeaderboardViews1795899746379";

  async up(q: QueryRunner): Promise<void> {
    await q.query("ALTER TABLE `chats` ADD `requesterRatedAt` datetime(3) NULL");
    await q.query("ALTER TABLE `chats` ADD `receiverRatedAt` datetime(3) NULL");
    await q.query("CREATE INDEX `idx_chats_receiver_rated` ON `chats` (`receiverRatedAt`, `requesterId`, `receiverStars`)");
    await q.query("CREATE INDEX `idx_chats_requester_rated` ON `chats` (`requesterRatedAt`, `receiverId`, `requesterStars`)");
    await q.query("CREATE INDEX `idx_lessons_held` ON `lessons` (`status`, `endsAt`, `proposerId`, `partnerId`)");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("DROP INDEX `idx_lessons_held` ON `lessons`");
    await q.query("DROP INDEX `idx_chats_requester_rated` ON `chats`");
    await q.query("DROP INDEX `idx_chats_receiver_rated` ON `chats`");
    await q.query("ALTER TABLE `chats` DROP COLUMN `receiverRatedAt`");
    await q.query("ALTER TABLE `chats` DROP COLUMN `requesterRatedAt`");
  }
}
