import type { MigrationInterface, QueryRunner } from "typeorm";

export class Reviews1795748966885 implements MigrationInterface {
  name = "Reviews1795748966885";

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE TABLE \"reviews\" (\"id\" varchar(36) PRIMARY KEY NOT NULL, \"chatId\" varchar(36) NOT NULL, \"authorId\" varchar(36) NOT NULL, \"subjectId\" varchar(36) NOT NULL, \"skill\" varchar(100), \"category\" varchar(60), \"authorLearned\" boolean NOT NULL DEFAULT (1), \"stars\" integer, \"text\" varchar(1000) NOT NULL, \"createdAt\" datetime(3) NOT NULL, \"visibleAt\" datetime(3) NOT NULL, \"answer\" varchar(500), \"answeredAt\" datetime(3), \"hiddenAt\" datetime(3))");
    await q.query("CREATE INDEX \"idx_reviews_author\" ON \"reviews\" (\"authorId\", \"createdAt\") ");
    await q.query("CREATE INDEX \"idx_reviews_subject_visible\" ON \"reviews\" (\"subjectId\", \"visibleAt\", \"id\") ");
    await q.query("CREATE UNIQUE INDEX \"uq_reviews_chat_author\" ON \"reviews\" (\"chatId\", \"authorId\") ");
    await q.query("CREATE TABLE \"review_reports\" (\"id\" varchar(36) PRIMARY KEY NOT NULL, \"reviewId\" varchar(36) NOT NULL, \"reporterId\" varchar(36) NOT NULL, \"reason\" varchar(40) NOT NULL, \"details\" varchar(500), \"createdAt\" datetime(3) NOT NULL, \"resolvedAt\" datetime(3), \"resolution\" varchar(20), \"resolvedById\" varchar(36))");
    await q.query("CREATE INDEX \"idx_review_reports_queue\" ON \"review_reports\" (\"resolvedAt\", \"createdAt\") ");
    await q.query("CREATE UNIQUE INDEX \"uq_review_reports_review_reporter\" ON \"review_reports\" (\"reviewId\", \"reporterId\") ");
    await q.query("DROP INDEX \"idx_chats_high\"");
    await q.query("DROP INDEX \"uq_chats_pair\"");
    await q.query("CREATE TABLE \"temporary_chats\" (\"id\" varchar(36) PRIMARY KEY NOT NULL, \"userLowId\" varchar(36) NOT NULL, \"userHighId\" varchar(36) NOT NULL, \"kind\" varchar(12) NOT NULL, \"requesterId\" varchar(36) NOT NULL, \"receiverId\" varchar(36) NOT NULL, \"requesterLearnsSkill\" varchar(100), \"requesterLearnsCategory\" varchar(60), \"receiverLearnsSkill\" varchar(100), \"receiverLearnsCategory\" varchar(60), \"coins\" integer NOT NULL DEFAULT (0), \"escrowRef\" varchar(80), \"title\" varchar(200), \"status\" varchar(20) NOT NULL, \"startDate\" datetime(3) NOT NULL, \"meetingLink\" varchar(500), \"requesterFinishedAt\" datetime(3), \"receiverFinishedAt\" datetime(3), \"requesterRated\" boolean NOT NULL DEFAULT (0), \"receiverRated\" boolean NOT NULL DEFAULT (0), \"endedAt\" datetime(3), \"lastActivityAt\" datetime(3) NOT NULL, \"messageCount\" integer NOT NULL DEFAULT (0), \"lastMessagePreview\" varchar(160), \"lastMessageSenderId\" varchar(36), \"requesterReadSeq\" integer NOT NULL DEFAULT (0), \"receiverReadSeq\" integer NOT NULL DEFAULT (0), \"requesterReadAt\" datetime(3), \"receiverReadAt\" datetime(3), \"requesterStars\" integer, \"receiverStars\" integer)");
    await q.query("INSERT INTO \"temporary_chats\"(\"id\", \"userLowId\", \"userHighId\", \"kind\", \"requesterId\", \"receiverId\", \"requesterLearnsSkill\", \"requesterLearnsCategory\", \"receiverLearnsSkill\", \"receiverLearnsCategory\", \"coins\", \"escrowRef\", \"title\", \"status\", \"startDate\", \"meetingLink\", \"requesterFinishedAt\", \"receiverFinishedAt\", \"requesterRated\", \"receiverRated\", \"endedAt\", \"lastActivityAt\", \"messageCount\", \"lastMessagePreview\", \"lastMessageSenderId\", \"requesterReadSeq\", \"receiverReadSeq\", \"requesterReadAt\", \"receiverReadAt\") SELECT \"id\", \"userLowId\", \"userHighId\", \"kind\", \"requesterId\", \"receiverId\", \"requesterLearnsSkill\", \"requesterLearnsCategory\", \"receiverLearnsSkill\", \"receiverLearnsCategory\", \"coins\", \"escrowRef\", \"title\", \"status\", \"startDate\", \"meetingLink\", \"requesterFinishedAt\", \"receiverFinishedAt\", \"requesterRated\", \"receiverRated\", \"endedAt\", \"lastActivityAt\", \"messageCount\", \"lastMessagePreview\", \"lastMessageSenderId\", \"requesterReadSeq\", \"receiverReadSeq\", \"requesterReadAt\", \"receiverReadAt\" FROM \"chats\"");
    await q.query("DROP TABLE \"chats\"");
    await q.query("ALTER TABLE \"temporary_chats\" RENAME TO \"chats\"");
    await q.query("CREATE INDEX \"idx_chats_high\" ON \"chats\" (\"userHighId\") ");
    await q.query("CREATE UNIQUE INDEX \"uq_chats_pair\" ON \"chats\" (\"userLowId\", \"userHighId\") ");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("DROP INDEX \"uq_chats_pair\"");
    await q.query("DROP INDEX \"idx_chats_high\"");
    await q.query("ALTER TABLE \"chats\" RENAME TO \"temporary_chats\"");
    await q.query("CREATE TABLE \"chats\" (\"id\" varchar(36) PRIMARY KEY NOT NULL, \"userLowId\" varchar(36) NOT NULL, \"userHighId\" varchar(36) NOT NULL, \"kind\" varchar(12) NOT NULL, \"requesterId\" varchar(36) NOT NULL, \"receiverId\" varchar(36) NOT NULL, \"requesterLearnsSkill\" varchar(100), \"requesterLearnsCategory\" varchar(60), \"receiverLearnsSkill\" varchar(100), \"receiverLearnsCategory\" varchar(60), \"coins\" integer NOT NULL DEFAULT (0), \"escrowRef\" varchar(80), \"title\" varchar(200), \"status\" varchar(20) NOT NULL, \"startDate\" datetime(3) NOT NULL, \"meetingLink\" varchar(500), \"requesterFinishedAt\" datetime(3), \"receiverFinishedAt\" datetime(3), \"requesterRated\" boolean NOT NULL DEFAULT (0), \"receiverRated\" boolean NOT NULL DEFAULT (0), \"endedAt\" datetime(3), \"lastActivityAt\" datetime(3) NOT NULL, \"messageCount\" integer NOT NULL DEFAULT (0), \"lastMessagePreview\" varchar(160), \"lastMessageSenderId\" varchar(36), \"requesterReadSeq\" integer NOT NULL DEFAULT (0), \"receiverReadSeq\" integer NOT NULL DEFAULT (0), \"requesterReadAt\" datetime(3), \"receiverReadAt\" datetime(3))");
    await q.query("INSERT INTO \"chats\"(\"id\", \"userLowId\", \"userHighId\", \"kind\", \"requesterId\", \"receiverId\", \"requesterLearnsSkill\", \"requesterLearnsCategory\", \"receiverLearnsSkill\", \"receiverLearnsCategory\", \"coins\", \"escrowRef\", \"title\", \"status\", \"startDate\", \"meetingLink\", \"requesterFinishedAt\", \"receiverFinishedAt\", \"requesterRated\", \"receiverRated\", \"endedAt\", \"lastActivityAt\", \"messageCount\", \"lastMessagePreview\", \"lastMessageSenderId\", \"requesterReadSeq\", \"receiverReadSeq\", \"requesterReadAt\", \"receiverReadAt\") SELECT \"id\", \"userLowId\", \"userHighId\", \"kind\", \"requesterId\", \"receiverId\", \"requesterLearnsSkill\", \"requesterLearnsCategory\", \"receiverLearnsSkill\", \"receiverLearnsCategory\", \"coins\", \"escrowRef\", \"title\", \"status\", \"startDate\", \"meetingLink\", \"requesterFinishedAt\", \"receiverFinishedAt\", \"requesterRated\", \"receiverRated\", \"endedAt\", \"lastActivityAt\", \"messageCount\", \"lastMessagePreview\", \"lastMessageSenderId\", \"requesterReadSeq\", \"receiverReadSeq\", \"requesterReadAt\", \"receiverReadAt\" FROM \"temporary_chats\"");
    await q.query("DROP TABLE \"temporary_chats\"");
    await q.query("CREATE UNIQUE INDEX \"uq_chats_pair\" ON \"chats\" (\"userLowId\", \"userHighId\") ");
    await q.query("CREATE INDEX \"idx_chats_high\" ON \"chats\" (\"userHighId\") ");
    await q.query("DROP INDEX \"uq_review_reports_review_reporter\"");
    await q.query("DROP INDEX \"idx_review_reports_queue\"");
    await q.query("DROP TABLE \"review_reports\"");
    await q.query("DROP INDEX \"uq_reviews_chat_author\"");
    await q.query("DROP INDEX \"idx_reviews_subject_visible\"");
    await q.query("DROP INDEX \"idx_reviews_author\"");
    await q.query("DROP TABLE \"reviews\"");
  }
}
