import type { MigrationInterface, QueryRunner } from "typeorm";

export class Lessons1795537745000 implements MigrationInterface {
  name = "Lessons1795537745000";

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE TABLE \"lessons\" (\"id\" varchar(36) PRIMARY KEY NOT NULL, \"chatId\" varchar(36) NOT NULL, \"proposerId\" varchar(36) NOT NULL, \"partnerId\" varchar(36) NOT NULL, \"timezone\" varchar(64) NOT NULL, \"status\" varchar(12) NOT NULL, \"startsAt\" datetime(3), \"durationMinutes\" integer, \"endsAt\" datetime(3), \"sequence\" integer NOT NULL DEFAULT (0), \"remindedAt\" datetime(3), \"createdAt\" datetime(3) NOT NULL, \"acceptedAt\" datetime(3), \"cancelledAt\" datetime(3), \"cancelledById\" varchar(36))");
    await q.query("CREATE INDEX \"idx_lessons_partner\" ON \"lessons\" (\"partnerId\", \"status\", \"startsAt\") ");
    await q.query("CREATE INDEX \"idx_lessons_proposer\" ON \"lessons\" (\"proposerId\", \"status\", \"startsAt\") ");
    await q.query("CREATE INDEX \"idx_lessons_due\" ON \"lessons\" (\"status\", \"startsAt\") ");
    await q.query("CREATE INDEX \"idx_lessons_chat\" ON \"lessons\" (\"chatId\", \"createdAt\") ");
    await q.query("CREATE TABLE \"lesson_slots\" (\"id\" varchar(36) PRIMARY KEY NOT NULL, \"lessonId\" varchar(36) NOT NULL, \"position\" integer NOT NULL, \"startsAt\" datetime(3) NOT NULL, \"durationMinutes\" integer NOT NULL)");
    await q.query("CREATE INDEX \"idx_lesson_slots_lesson\" ON \"lesson_slots\" (\"lessonId\", \"position\") ");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("DROP INDEX \"idx_lesson_slots_lesson\"");
    await q.query("DROP TABLE \"lesson_slots\"");
    await q.query("DROP INDEX \"idx_lessons_chat\"");
    await q.query("DROP INDEX \"idx_lessons_due\"");
    await q.query("DROP INDEX \"idx_lessons_proposer\"");
    await q.query("DROP INDEX \"idx_lessons_partner\"");
    await q.query("DROP TABLE \"lessons\"");
  }
}
