import type { MigrationInterface, QueryRunner } from "typeorm";

export class ChatsSnake1795307765450 implements MigrationInterface {
  name = "ChatsSnake1795307765450";

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE TABLE \"chats\" (\"id\" varchar(36) PRIMARY KEY NOT NULL, \"userLowId\" varchar(36) NOT NULL, \"userHighId\" varchar(36) NOT NULL, \"kind\" varchar(12) NOT NULL, \"requesterId\" varchar(36) NOT NULL, \"receiverId\" varchar(36) NOT NULL, \"requesterLearnsSkill\" varchar(100), \"requesterLearnsCategory\" varchar(60), \"receiverLearnsSkill\" varchar(100), \"receiverLearnsCategory\" varchar(60), \"coins\" integer NOT NULL DEFAULT (0), \"escrowRef\" varchar(80), \"title\" varchar(200), \"status\" varchar(20) NOT NULL, \"startDate\" datetime(3) NOT NULL, \"meetingLink\" varchar(500), \"requesterFinishedAt\" datetime(3), \"receiverFinishedAt\" datetime(3), \"requesterRated\" boolean NOT NULL DEFAULT (0), \"receiverRated\" boolean NOT NULL DEFAULT (0), \"endedAt\" datetime(3), \"lastActivityAt\" datetime(3) NOT NULL)");
    await q.query("CREATE INDEX \"idx_chats_high\" ON \"chats\" (\"userHighId\") ");
    await q.query("CREATE UNIQUE INDEX \"uq_chats_pair\" ON \"chats\" (\"userLowId\", \"userHighId\") ");
    await q.query("CREATE TABLE \"snake_high_scores\" (\"userId\" varchar(36) PRIMARY KEY NOT NULL, \"highScore\" integer NOT NULL, \"updatedAt\" datetime(3) NOT NULL)");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("DROP TABLE \"snake_high_scores\"");
    await q.query("DROP INDEX \"uq_chats_pair\"");
    await q.query("DROP INDEX \"idx_chats_high\"");
    await q.query("DROP TABLE \"chats\"");
  }
}
