import type { MigrationInterface, QueryRunner } from "typeorm";

export class EmailVerification1795529329202 implements MigrationInterface {
  name = "EmailVerification1795529329202";

  async up(q: QueryRunner): Promise<void> {
    await q.query("DROP INDEX \"idx_users_leaderboard\"");
    await q.query("CREATE TABLE \"email_verifications\" (\"id\" varchar(36) PRIMARY KEY NOT NULL, \"userId\" varchar(36) NOT NULL, \"email\" varchar(254) NOT NULL, \"tokenHash\" varchar(64) NOT NULL, \"createdAt\" datetime(3) NOT NULL, \"expiresAt\" datetime(3) NOT NULL, \"usedAt\" datetime(3))");
    await q.query("CREATE UNIQUE INDEX \"uq_email_verifications_token_hash\" ON \"email_verifications\" (\"tokenHash\") ");
    await q.query("CREATE INDEX \"idx_email_verifications_user\" ON \"email_verifications\" (\"userId\") ");
    await q.query("DROP INDEX \"idx_users_feed\"");
    await q.query("DROP INDEX \"uq_users_email\"");
    await q.query("DROP INDEX \"uq_users_name_key\"");
    await q.query("CREATE TABLE \"temporary_users\" (\"id\" varchar(36) PRIMARY KEY NOT NULL, \"name\" varchar(60) NOT NULL, \"nameKey\" varchar(60) NOT NULL, \"email\" varchar(254) NOT NULL, \"passwordHash\" varchar(255) NOT NULL, \"tokenVersion\" integer NOT NULL DEFAULT (0), \"gender\" varchar(10), \"image\" varchar(1024), \"amount\" integer NOT NULL DEFAULT (0), \"days\" integer NOT NULL DEFAULT (0), \"ratingSum\" integer NOT NULL DEFAULT (0), \"ratingCount\" integer NOT NULL DEFAULT (0), \"ratingAvg\" double NOT NULL DEFAULT (0), \"skillCoins\" integer NOT NULL DEFAULT (0), \"createdAt\" datetime(3) NOT NULL, \"emailVerifiedAt\" datetime(3), \"visible\" boolean NOT NULL DEFAULT (0))");
    await q.query("INSERT INTO \"temporary_users\"(\"id\", \"name\", \"nameKey\", \"email\", \"passwordHash\", \"tokenVersion\", \"gender\", \"image\", \"amount\", \"days\", \"ratingSum\", \"ratingCount\", \"ratingAvg\", \"skillCoins\", \"createdAt\") SELECT \"id\", \"name\", \"nameKey\", \"email\", \"passwordHash\", \"tokenVersion\", \"gender\", \"image\", \"amount\", \"days\", \"ratingSum\", \"ratingCount\", \"ratingAvg\", \"skillCoins\", \"createdAt\" FROM \"users\"");
    await q.query("DROP TABLE \"users\"");
    await q.query("ALTER TABLE \"temporary_users\" RENAME TO \"users\"");
    await q.query("CREATE INDEX \"idx_users_feed\" ON \"users\" (\"createdAt\", \"id\") ");
    await q.query("CREATE UNIQUE INDEX \"uq_users_email\" ON \"users\" (\"email\") ");
    await q.query("CREATE UNIQUE INDEX \"uq_users_name_key\" ON \"users\" (\"nameKey\") ");
    await q.query("CREATE INDEX \"idx_users_leaderboard\" ON \"users\" (\"visible\", \"ratingAvg\", \"ratingCount\", \"skillCoins\") ");
    // Accounts made before addresses were verified keep working and stay listed: a later sign-up
    // must not be able to reclaim (and so wipe) an account that already has chats, coins and ratings.
    await q.query("UPDATE users SET emailVerifiedAt = createdAt, visible = 1");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("DROP INDEX \"idx_users_leaderboard\"");
    await q.query("DROP INDEX \"uq_users_name_key\"");
    await q.query("DROP INDEX \"uq_users_email\"");
    await q.query("DROP INDEX \"idx_users_feed\"");
    await q.query("ALTER TABLE \"users\" RENAME TO \"temporary_users\"");
    await q.query("CREATE TABLE \"users\" (\"id\" varchar(36) PRIMARY KEY NOT NULL, \"name\" varchar(60) NOT NULL, \"nameKey\" varchar(60) NOT NULL, \"email\" varchar(254) NOT NULL, \"passwordHash\" varchar(255) NOT NULL, \"tokenVersion\" integer NOT NULL DEFAULT (0), \"gender\" varchar(10), \"image\" varchar(1024), \"amount\" integer NOT NULL DEFAULT (0), \"days\" integer NOT NULL DEFAULT (0), \"ratingSum\" integer NOT NULL DEFAULT (0), \"ratingCount\" integer NOT NULL DEFAULT (0), \"ratingAvg\" double NOT NULL DEFAULT (0), \"skillCoins\" integer NOT NULL DEFAULT (0), \"createdAt\" datetime(3) NOT NULL)");
    await q.query("INSERT INTO \"users\"(\"id\", \"name\", \"nameKey\", \"email\", \"passwordHash\", \"tokenVersion\", \"gender\", \"image\", \"amount\", \"days\", \"ratingSum\", \"ratingCount\", \"ratingAvg\", \"skillCoins\", \"createdAt\") SELECT \"id\", \"name\", \"nameKey\", \"email\", \"passwordHash\", \"tokenVersion\", \"gender\", \"image\", \"amount\", \"days\", \"ratingSum\", \"ratingCount\", \"ratingAvg\", \"skillCoins\", \"createdAt\" FROM \"temporary_users\"");
    await q.query("DROP TABLE \"temporary_users\"");
    await q.query("CREATE UNIQUE INDEX \"uq_users_name_key\" ON \"users\" (\"nameKey\") ");
    await q.query("CREATE UNIQUE INDEX \"uq_users_email\" ON \"users\" (\"email\") ");
    await q.query("CREATE INDEX \"idx_users_feed\" ON \"users\" (\"createdAt\", \"id\") ");
    await q.query("DROP INDEX \"idx_email_verifications_user\"");
    await q.query("DROP INDEX \"uq_email_verifications_token_hash\"");
    await q.query("DROP TABLE \"email_verifications\"");
    await q.query("CREATE INDEX \"idx_users_leaderboard\" ON \"users\" (\"ratingAvg\", \"ratingCount\", \"skillCoins\") ");
  }
}
