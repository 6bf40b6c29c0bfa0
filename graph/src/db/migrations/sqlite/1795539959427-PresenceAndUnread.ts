import type { MigrationInterface, QueryRunner } from "typeorm";

export class PresenceAndUnread1795539959427 implements MigrationInterface {
  name = "PresenceAndUnread1795539959427";

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE TABLE \"presence_settings\" (\"userId\" varchar(36) PRIMARY KEY NOT NULL, \"onlineVisible\" boolean NOT NULL, \"updatedAt\" datetime(3) NOT NULL)");
    await q.query("DROP INDEX \"uq_chats_pair\"");
    await q.query("DROP INDEX \"idx_chats_high\"");
    await q.query("CREATE TABLE \"temporary_chats\" (\"id\" varchar(36) PRIMARY KEY NOT NULL, \"userLowId\" varchar(36) NOT NULL, \"userHighId\" varchar(36) NOT NULL, \"kind\" varchar(12) NOT NULL, \"requesterId\" varchar(36) NOT NULL, \"receiverId\" varchar(36) NOT NULL, \"requesterLearnsSkill\" varchar(100), \"requesterLearnsCategory\" varchar(60), \"receiverLearnsSkill\" varchar(100), \"receiverLearnsCategory\" varchar(60), \"coins\" integer NOT NULL DEFAULT (0), \"escrowRef\" varchar(80), \"title\" varchar(200), \"status\" varchar(20) NOT NULL, \"startDate\" datetime(3) NOT NULL, \"meetingLink\" varchar(500), \"requesterFinishedAt\" datetime(3), \"receiverFinishedAt\" datetime(3), \"requesterRated\" boolean NOT NULL DEFAULT (0), \"receiverRated\" boolean NOT NULL DEFAULT (0), \"endedAt\" datetime(3), \"lastActivityAt\" datetime(3) NOT NULL, \"messageCount\" integer NOT NULL DEFAULT (0), \"lastMessagePreview\" varchar(160), \"lastMessageSenderId\" varchar(36), \"requesterReadSeq\" integer NOT NULL DEFAULT (0), \"receiverReadSeq\" integer NOT NULL DEFAULT (0), \"requesterReadAt\" datetime(3), \"receiverReadAt\" datetime(3))");
    await q.query("INSERT INTO \"temporary_chats\"(\"id\", \"userLowId\", \"userHighId\", \"kind\", \"requesterId\", \"receiverId\", \"requesterLearnsSkill\", \"requesterLearnsCategory\", \"receiverLearnsSkill\", \"receiverLearnsCategory\", \"coins\", \"escrowRef\", \"title\", \"status\", \"startDate\", \"meetingLink\", \"requesterFinishedAt\", \"receiverFinishedAt\", \"requesterRated\", \"receiverRated\", \"endedAt\", \"lastActivityAt\", \"messageCount\", \"lastMessagePreview\", \"lastMessageSenderId\") SELECT \"id\", \"userLowId\", \"userHighId\", \"kind\", \"requesterId\", \"receiverId\", \"requesterLearnsSkill\", \"requesterLearnsCategory\", \"receiverLearnsSkill\", \"receiverLearnsCategory\", \"coins\", \"escrowRef\", \"title\", \"status\", \"startDate\", \"meetingLink\", \"requesterFinishedAt\", \"receiverFinishedAt\", \"requesterRated\", \"receiverRated\", \"endedAt\", \"lastActivityAt\", \"messageCount\", \"lastMessagePreview\", \"lastMessageSenderId\" FROM \"chats\"");
    await q.query("DROP TABLE \"chats\"");
    await q.query("ALTER TABLE \"temporary_chats\" RENAME TO \"chats\"");
    await q.query("CREATE UNIQUE INDEX \"uq_chats_pair\" ON \"chats\" (\"userLowId\", \"userHighId\") ");
    await q.query("CREATE INDEX \"idx_chats_high\" ON \"chats\" (\"userHighId\") ");
    // Chats that existed before the markers: their history counts as read, not as a flood of unread messages.
    await q.query("UPDATE chats SET requesterReadSeq = messageCount, receiverReadSeq = messageCount");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("DROP INDEX \"idx_chats_high\"");
    await q.query("DROP INDEX \"uq_chats_pair\"");
    await q.query("ALTER TABLE \"chats\" RENAME TO \"temporary_chats\"");
    await q.query("CREATE TABLE \"chats\" (\"id\" varchar(36) PRIMARY KEY NOT NULL, \"userLowId\" varchar(36) NOT NULL, \"userHighId\" varchar(36) NOT NULL, \"kind\" varchar(12) NOT NULL, \"requesterId\" varchar(36) NOT NULL, \"receiverId\" varchar(36) NOT NULL, \"requesterLearnsSkill\" varchar(100), \"requesterLearnsCategory\" varchar(60), \"receiverLearnsSkill\" varchar(100), \"receiverLearnsCategory\" varchar(60), \"coins\" integer NOT NULL DEFAULT (0), \"escrowRef\" varchar(80), \"title\" varchar(200), \"status\" varchar(20) NOT NULL, \"startDate\" datetime(3) NOT NULL, \"meetingLink\" varchar(500), \"requesterFinishedAt\" datetime(3), \"receiverFinishedAt\" datetime(3), \"requesterRated\" boolean NOT NULL DEFAULT (0), \"receiverRated\" boolean NOT NULL DEFAULT (0), \"endedAt\" datetime(3), \"lastActivityAt\" datetime(3) NOT NULL, \"messageCount\" integer NOT NULL DEFAULT (0), \"lastMessagePreview\" varchar(160), \"lastMessageSenderId\" varchar(36))");
    await q.query("INSERT INTO \"chats\"(\"id\", \"userLowId\", \"userHighId\", \"kind\", \"requesterId\", \"receiverId\", \"requesterLearnsSkill\", \"requesterLearnsCategory\", \"receiverLearnsSkill\", \"receiverLearnsCategory\", \"coins\", \"escrowRef\", \"title\", \"status\", \"startDate\", \"meetingLink\", \"requesterFinishedAt\", \"receiverFinishedAt\", \"requesterRated\", \"receiverRated\", \"endedAt\", \"lastActivityAt\", \"messageCount\", \"lastMessagePreview\", \"lastMessageSenderId\") SELECT \"id\", \"userLowId\", \"userHighId\", \"kind\", \"requesterId\", \"receiverId\", \"requesterLearnsSkill\", \"requesterLearnsCategory\", \"receiverLearnsSkill\", \"receiverLearnsCategory\", \"coins\", \"escrowRef\", \"title\", \"status\", \"startDate\", \"meetingLink\", \"requesterFinishedAt\", \"receiverFinishedAt\", \"requesterRated\", \"receiverRated\", \"endedAt\", \"lastActivityAt\", \"messageCount\", \"lastMessagePreview\", \"lastMessageSenderId\" FROM \"temporary_chats\"");
    await q.query("DROP TABLE \"temporary_chats\"");
    await q.query("CREATE INDEX \"idx_chats_high\" ON \"chats\" (\"userHighId\") ");
    await q.query("CREATE UNIQUE INDEX \"uq_chats_pair\" ON \"chats\" (\"userLowId\", \"userHighId\") ");
    await q.query("DROP TABLE \"presence_settings\"");
  }
}
