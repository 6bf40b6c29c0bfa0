import type { MigrationInterface, QueryRunner } from "typeorm";

export class Reviews1795748966885 implements MigrationInterface {
  name = "Reviews1795748966885";

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE TABLE `reviews` (`id` varchar(36) NOT NULL, `chatId` varchar(36) NOT NULL, `authorId` varchar(36) NOT NULL, `subjectId` varchar(36) NOT NULL, `skill` varchar(100) NULL, `category` varchar(60) NULL, `authorLearned` tinyint NOT NULL DEFAULT 1, `stars` int NULL, `text` varchar(1000) NOT NULL, `createdAt` datetime(3) NOT NULL, `visibleAt` datetime(3) NOT NULL, `answer` varchar(500) NULL, `answeredAt` datetime(3) NULL, `hiddenAt` datetime(3) NULL, INDEX `idx_reviews_author` (`authorId`, `createdAt`), INDEX `idx_reviews_subject_visible` (`subjectId`, `visibleAt`, `id`), UNIQUE INDEX `uq_reviews_chat_author` (`chatId`, `authorId`), PRIMARY KEY (`id`)) ENGINE=InnoDB");
    await q.query("CREATE TABLE `review_reports` (`id` varchar(36) NOT NULL, `reviewId` varchar(36) NOT NULL, `reporterId` varchar(36) NOT NULL, `reason` varchar(40) NOT NULL, `details` varchar(500) NULL, `createdAt` datetime(3) NOT NULL, `resolvedAt` datetime(3) NULL, `resolution` varchar(20) NULL, `resolvedById` varchar(36) NULL, INDEX `idx_review_reports_queue` (`resolvedAt`, `createdAt`), UNIQUE INDEX `uq_review_reports_review_reporter` (`reviewId`, `reporterId`), PRIMARY KEY (`id`)) ENGINE=InnoDB");
    await q.query("ALTER TABLE `chats` ADD `requesterStars` int NULL");
    await q.query("ALTER TABLE `chats` ADD `receiverStars` int NULL");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("ALTER TABLE `chats` DROP COLUMN `receiverStars`");
    await q.query("ALTER TABLE `chats` DROP COLUMN `requesterStars`");
    await q.query("DROP INDEX `uq_review_reports_review_reporter` ON `review_reports`");
    await q.query("DROP INDEX `idx_review_reports_queue` ON `review_reports`");
    await q.query("DROP TABLE `review_reports`");
    await q.query("DROP INDEX `uq_reviews_chat_author` ON `reviews`");
    await q.query("DROP INDEX `idx_reviews_subject_visible` ON `reviews`");
    await q.query("DROP INDEX `idx_reviews_author` ON `reviews`");
    await q.query("DROP TABLE `reviews`");
  }
}
