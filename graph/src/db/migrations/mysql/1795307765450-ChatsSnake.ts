import type { MigrationInterface, QueryRunner } from "typeorm";

export class ChatsSnake1795307765450 implements MigrationInterface {
  name = "ChatsSnake1795307765450";

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE TABLE `chats` (`id` varchar(36) NOT NULL, `userLowId` varchar(36) NOT NULL, `userHighId` varchar(36) NOT NULL, `kind` varchar(12) NOT NULL, `requesterId` varchar(36) NOT NULL, `receiverId` varchar(36) NOT NULL, `requesterLearnsSkill` varchar(100) NULL, `requesterLearnsCategory` varchar(60) NULL, `receiverLearnsSkill` varchar(100) NULL, `receiverLearnsCategory` varchar(60) NULL, `coins` int NOT NULL DEFAULT '0', `escrowRef` varchar(80) NULL, `title` varchar(200) NULL, `status` varchar(20) NOT NULL, `startDate` datetime(3) NOT NULL, `meetingLink` varchar(500) NULL, `requesterFinishedAt` datetime(3) NULL, `receiverFinishedAt` datetime(3) NULL, `requesterRated` tinyint NOT NULL DEFAULT 0, `receiverRated` tinyint NOT NULL DEFAULT 0, `endedAt` datetime(3) NULL, `lastActivityAt` datetime(3) NOT NULL, INDEX `idx_chats_high` (`userHighId`), UNIQUE INDEX `uq_chats_pair` (`userLowId`, `userHighId`), PRIMARY KEY (`id`)) ENGINE=InnoDB");
    await q.query("CREATE TABLE `snake_high_scores` (`userId` varchar(36) NOT NULL, `highScore` int NOT NULL, `updatedAt` datetime(3) NOT NULL, PRIMARY KEY (`userId`)) ENGINE=InnoDB");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("DROP TABLE `snake_high_scores`");
    await q.query("DROP INDEX `uq_chats_pair` ON `chats`");
    await q.query("DROP INDEX `idx_chats_high` ON `chats`");
    await q.query("DROP TABLE `chats`");
  }
}
