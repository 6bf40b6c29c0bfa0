import type { MigrationInterface, QueryRunner } from "typeorm";

export class Lessons1795537745000 implements MigrationInterface {
  name = "Lessons1795537745000";

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE TABLE `lessons` (`id` varchar(36) NOT NULL, `chatId` varchar(36) NOT NULL, `proposerId` varchar(36) NOT NULL, `partnerId` varchar(36) NOT NULL, `timezone` varchar(64) NOT NULL, `status` varchar(12) NOT NULL, `startsAt` datetime(3) NULL, `durationMinutes` int NULL, `endsAt` datetime(3) NULL, `sequence` int NOT NULL DEFAULT '0', `remindedAt` datetime(3) NULL, `createdAt` datetime(3) NOT NULL, `acceptedAt` datetime(3) NULL, `cancelledAt` datetime(3) NULL, `cancelledById` varchar(36) NULL, INDEX `idx_lessons_partner` (`partnerId`, `status`, `startsAt`), INDEX `idx_lessons_proposer` (`proposerId`, `status`, `startsAt`), INDEX `idx_lessons_due` (`status`, `startsAt`), INDEX `idx_lessons_chat` (`chatId`, `createdAt`), PRIMARY KEY (`id`)) ENGINE=InnoDB");
    await q.query("CREATE TABLE `lesson_slots` (`id` varchar(36) NOT NULL, `lessonId` varchar(36) NOT NULL, `position` int NOT NULL, `startsAt` datetime(3) NOT NULL, `durationMinutes` int NOT NULL, INDEX `idx_lesson_slots_lesson` (`lessonId`, `position`), PRIMARY KEY (`id`)) ENGINE=InnoDB");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("DROP INDEX `idx_lesson_slots_lesson` ON `lesson_slots`");
    await q.query("DROP TABLE `lesson_slots`");
    await q.query("DROP INDEX `idx_lessons_chat` ON `lessons`");
    await q.query("DROP INDEX `idx_lessons_due` ON `lessons`");
    await q.query("DROP INDEX `idx_lessons_proposer` ON `lessons`");
    await q.query("DROP INDEX `idx_lessons_partner` ON `lessons`");
    await q.query("DROP TABLE `lessons`");
  }
}
