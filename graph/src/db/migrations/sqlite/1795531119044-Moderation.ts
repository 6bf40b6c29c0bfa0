import type { MigrationInterface, QueryRunner } from "typeorm";

export class Moderation1795531119044 implements MigrationInterface {
  name = "Moderation1795531119044";

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE TABLE \"operators\" (\"userId\" varchar(36) PRIMARY KEY NOT NULL, \"grantedAt\" datetime(3) NOT NULL, \"grantedBy\" varchar(60) NOT NULL)");
    await q.query("CREATE TABLE \"operator_actions\" (\"id\" varchar(36) PRIMARY KEY NOT NULL, \"operatorId\" varchar(36), \"actor\" varchar(254) NOT NULL, \"action\" varchar(20) NOT NULL, \"targetUserId\" varchar(36), \"reportId\" varchar(36), \"postId\" varchar(36), \"reason\" varchar(500) NOT NULL, \"details\" varchar(200), \"createdAt\" datetime(3) NOT NULL)");
    await q.query("CREATE INDEX \"idx_operator_actions_created\" ON \"operator_actions\" (\"createdAt\", \"id\") ");
    await q.query("DROP INDEX \"idx_users_feed\"");
    await q.query("DROP INDEX \"uq_users_email\"");
    await q.query("DROP INDEX \"uq_users_name_key\"");
    await q.query("DROP INDEX \"idx_users_leaderboard\"");
    await q.query("CREATE TABLE \"temporary_users\" (\"id\" varchar(36) PRIMARY KEY NOT NULL, \"name\" varchar(60) NOT NULL, \"nameKey\" varchar(60) NOT NULL, \"email\" varchar(254) NOT NULL, \"passwordHash\" varchar(255) NOT NULL, \"tokenVersion\" integer NOT NULL DEFAULT (0), \"gender\" varchar(10), \"image\" varchar(1024), \"amount\" integer NOT NULL DEFAULT (0), \"days\" integer NOT NULL DEFAULT (0), \"ratingSum\" integer NOT NULL DEFAULT (0), \"ratingCount\" integer NOT NULL DEFAULT (0), \"ratingAvg\" double NOT NULL DEFAULT (0), \"skillCoins\" integer NOT NULL DEFAULT (0), \"createdAt\" datetime(3) NOT NULL, \"emailVerifiedAt\" datetime(3), \"visible\" boolean NOT NULL DEFAULT (0), \"deletedAt\" datetime(3), \"suspendedUntil\" datetime(3), \"suspensionReason\" varchar(500))");
    await q.query("INSERT INTO \"temporary_users\"(\"id\", \"name\", \"nameKey\", \"email\", \"passwordHash\", \"tokenVersion\", \"gender\", \"image\", \"amount\", \"days\", \"ratingSum\", \"ratingCount\", \"ratingAvg\", \"skillCoins\", \"createdAt\", \"emailVerifiedAt\", \"visible\", \"deletedAt\") SELECT \"id\", \"name\", \"nameKey\", \"email\", \"passwordHash\", \"tokenVersion\", \"gender\", \"image\", \"amount\", \"days\", \"ratingSum\", \"ratingCount\", \"ratingAvg\", \"skillCoins\", \"createdAt\", \"emailVerifiedAt\", \"visible\", \"deletedAt\" FROM \"users\"");
    await q.query("DROP TABLE \"users\"");
    await q.query("ALTER TABLE \"temporary_users\" RENAME TO \"users\"");
    await q.query("CREATE INDEX \"idx_users_feed\" ON \"users\" (\"createdAt\", \"id\") ");
    await q.query("CREATE UNIQUE INDEX \"uq_users_email\" ON \"users\" (\"email\") ");
    await q.query("CREATE UNIQUE INDEX \"uq_users_name_key\" ON \"users\" (\"nameKey\") ");
    await q.query("CREATE INDEX \"idx_users_leaderboard\" ON \"users\" (\"visible\", \"ratingAvg\", \"ratingCount\", \"skillCoins\") ");
    await q.query("DROP INDEX \"uq_chat_reports_chat_reporter\"");
    await q.query("DROP INDEX \"idx_chat_reports_created\"");
    await q.query("DROP INDEX \"idx_chat_reports_reported\"");
    await q.query("CREATE TABLE \"temporary_chat_reports\" (\"id\" varchar(36) PRIMARY KEY NOT NULL, \"chatId\" varchar(36) NOT NULL, \"reporterId\" varchar(36) NOT NULL, \"reportedId\" varchar(36) NOT NULL, \"reason\" varchar(40) NOT NULL, \"details\" varchar(500), \"chatStatus\" varchar(20) NOT NULL, \"refundedCoins\" integer NOT NULL DEFAULT (0), \"createdAt\" datetime(3) NOT NULL, \"resolvedAt\" datetime(3), \"resolution\" varchar(20), \"resolvedById\" varchar(36))");
    await q.query("INSERT INTO \"temporary_chat_reports\"(\"id\", \"chatId\", \"reporterId\", \"reportedId\", \"reason\", \"details\", \"chatStatus\", \"refundedCoins\", \"createdAt\") SELECT \"id\", \"chatId\", \"reporterId\", \"reportedId\", \"reason\", \"details\", \"chatStatus\", \"refundedCoins\", \"createdAt\" FROM \"chat_reports\"");
    await q.query("DROP TABLE \"chat_reports\"");
    await q.query("ALTER TABLE \"temporary_chat_reports\" RENAME TO \"chat_reports\"");
    await q.query("CREATE UNIQUE INDEX \"uq_chat_reports_chat_reporter\" ON \"chat_reports\" (\"chatId\", \"reporterId\") ");
    await q.query("CREATE INDEX \"idx_chat_reports_created\" ON \"chat_reports\" (\"createdAt\") ");
    await q.query("CREATE INDEX \"idx_chat_reports_reported\" ON \"chat_reports\" (\"reportedId\") ");
    await q.query("DROP INDEX \"idx_implement_posts_list\"");
    await q.query("DROP INDEX \"idx_implement_posts_owner\"");
    await q.query("CREATE TABLE \"temporary_implement_posts\" (\"id\" varchar(36) PRIMARY KEY NOT NULL, \"ownerId\" varchar(36) NOT NULL, \"title\" varchar(120) NOT NULL, \"description\" varchar(2000) NOT NULL, \"visible\" boolean NOT NULL, \"createdAt\" datetime(3) NOT NULL, \"updatedAt\" datetime(3) NOT NULL, \"hiddenByOperatorAt\" datetime(3))");
    await q.query("INSERT INTO \"temporary_implement_posts\"(\"id\", \"ownerId\", \"title\", \"description\", \"visible\", \"createdAt\", \"updatedAt\") SELECT \"id\", \"ownerId\", \"title\", \"description\", \"visible\", \"createdAt\", \"updatedAt\" FROM \"implement_posts\"");
    await q.query("DROP TABLE \"implement_posts\"");
    await q.query("ALTER TABLE \"temporary_implement_posts\" RENAME TO \"implement_posts\"");
    await q.query("CREATE INDEX \"idx_implement_posts_list\" ON \"implement_posts\" (\"visible\", \"createdAt\", \"id\") ");
    await q.query("CREATE INDEX \"idx_implement_posts_owner\" ON \"implement_posts\" (\"ownerId\", \"createdAt\", \"id\") ");
    await q.query("CREATE INDEX \"idx_chat_reports_queue\" ON \"chat_reports\" (\"resolvedAt\", \"createdAt\") ");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("DROP INDEX \"idx_chat_reports_queue\"");
    await q.query("DROP INDEX \"idx_implement_posts_owner\"");
    await q.query("DROP INDEX \"idx_implement_posts_list\"");
    await q.query("ALTER TABLE \"implement_posts\" RENAME TO \"temporary_implement_posts\"");
    await q.query("CREATE TABLE \"implement_posts\" (\"id\" varchar(36) PRIMARY KEY NOT NULL, \"ownerId\" varchar(36) NOT NULL, \"title\" varchar(120) NOT NULL, \"description\" varchar(2000) NOT NULL, \"visible\" boolean NOT NULL, \"createdAt\" datetime(3) NOT NULL, \"updatedAt\" datetime(3) NOT NULL)");
    await q.query("INSERT INTO \"implement_posts\"(\"id\", \"ownerId\", \"title\", \"description\", \"visible\", \"createdAt\", \"updatedAt\") SELECT \"id\", \"ownerId\", \"title\", \"description\", \"visible\", \"createdAt\", \"updatedAt\" FROM \"temporary_implement_posts\"");
    await q.query("DROP TABLE \"temporary_implement_posts\"");
    await q.query("CREATE INDEX \"idx_implement_posts_owner\" ON \"implement_posts\" (\"ownerId\", \"createdAt\", \"id\") ");
    await q.query("CREATE INDEX \"idx_implement_posts_list\" ON \"implement_posts\" (\"visible\", \"createdAt\", \"id\") ");
    await q.query("DROP INDEX \"idx_chat_reports_reported\"");
    await q.query("DROP INDEX \"idx_chat_reports_created\"");
    await q.query("DROP INDEX \"uq_chat_reports_chat_reporter\"");
    await q.query("ALTER TABLE \"chat_reports\" RENAME TO \"temporary_chat_reports\"");
    await q.query("CREATE TABLE \"chat_reports\" (\"id\" varchar(36) PRIMARY KEY NOT NULL, \"chatId\" varchar(36) NOT NULL, \"reporterId\" varchar(36) NOT NULL, \"reportedId\" varchar(36) NOT NULL, \"reason\" varchar(40) NOT NULL, \"details\" varchar(500), \"chatStatus\" varchar(20) NOT NULL, \"refundedCoins\" integer NOT NULL DEFAULT (0), \"createdAt\" datetime(3) NOT NULL)");
    await q.query("INSERT INTO \"chat_reports\"(\"id\", \"chatId\", \"reporterId\", \"reportedId\", \"reason\", \"details\", \"chatStatus\", \"refundedCoins\", \"createdAt\") SELECT \"id\", \"chatId\", \"reporterId\", \"reportedId\", \"reason\", \"details\", \"chatStatus\", \"refundedCoins\", \"createdAt\" FROM \"temporary_chat_reports\"");
    await q.query("DROP TABLE \"temporary_chat_reports\"");
    await q.query("CREATE INDEX \"idx_chat_reports_reported\" ON \"chat_reports\" (\"reportedId\") ");
    await q.query("CREATE INDEX \"idx_chat_reports_created\" ON \"chat_reports\" (\"createdAt\") ");
    await q.query("CREATE UNIQUE INDEX \"uq_chat_reports_chat_reporter\" ON \"chat_reports\" (\"chatId\", \"reporterId\") ");
    await q.query("DROP INDEX \"idx_users_leaderboard\"");
    await q.query("DROP INDEX \"uq_users_name_key\"");
    await q.query("DROP INDEX \"uq_users_email\"");
    await q.query("DROP INDEX \"idx_users_feed\"");
    await q.query("ALTER TABLE \"users\" RENAME TO \"temporary_users\"");
    await q.query("CREATE TABLE \"users\" (\"id\" varchar(36) PRIMARY KEY NOT NULL, \"name\" varchar(60) NOT NULL, \"nameKey\" varchar(60) NOT NULL, \"email\" varchar(254) NOT NULL, \"passwordHash\" varchar(255) NOT NULL, \"tokenVersion\" integer NOT NULL DEFAULT (0), \"gender\" varchar(10), \"image\" varchar(1024), \"amount\" integer NOT NULL DEFAULT (0), \"days\" integer NOT NULL DEFAULT (0), \"ratingSum\" integer NOT NULL DEFAULT (0), \"ratingCount\" integer NOT NULL DEFAULT (0), \"ratingAvg\" double NOT NULL DEFAULT (0), \"skillCoins\" integer NOT NULL DEFAULT (0), \"createdAt\" datetime(3) NOT NULL, \"emailVerifiedAt\" datetime(3), \"visible\" boolean NOT NULL DEFAULT (0), \"deletedAt\" datetime(3))");
    await q.query("INSERT INTO \"users\"(\"id\", \"name\", \"nameKey\", \"email\", \"passwordHash\", \"tokenVersion\", \"gender\", \"image\", \"amount\", \"days\", \"ratingSum\", \"ratingCount\", \"ratingAvg\", \"skillCoins\", \"createdAt\", \"emailVerifiedAt\", \"visible\", \"deletedAt\") SELECT \"id\", \"name\", \"nameKey\", \"email\", \"passwordHash\", \"tokenVersion\", \"gender\", \"image\", \"amount\", \"days\", \"ratingSum\", \"ratingCount\", \"ratingAvg\", \"skillCoins\", \"createdAt\", \"emailVerifiedAt\", \"visible\", \"deletedAt\" FROM \"temporary_users\"");
    await q.query("DROP TABLE \"temporary_users\"");
    await q.query("CREATE INDEX \"idx_users_leaderboard\" ON \"users\" (\"visible\", \"ratingAvg\", \"ratingCount\", \"skillCoins\") ");
    await q.query("CREATE UNIQUE INDEX \"uq_users_name_key\" ON \"users\" (\"nameKey\") ");
    await q.query("CREATE UNIQUE INDEX \"uq_users_email\" ON \"users\" (\"email\") ");
    await q.query("CREATE INDEX \"idx_users_feed\" ON \"users\" (\"createdAt\", \"id\") ");
    await q.query("DROP INDEX \"idx_operator_actions_created\"");
    await q.query("DROP TABLE \"operator_actions\"");
    await q.query("DROP TABLE \"operators\"");
  }
}
