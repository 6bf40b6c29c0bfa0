import type { MigrationInterface, QueryRunner } from "typeorm";

export class AccountDeletion1795530529377 implements MigrationInterface {
  name = "AccountDeletion1795530529377";

  async up(q: QueryRunner): Promise<void> {
    await q.query("DROP INDEX \"idx_users_leaderboard\"");
    await q.query("DROP INDEX \"uq_users_name_key\"");
    await q.query("DROP INDEX \"uq_users_email\"");
    await q.query("DROP INDEX \"idx_users_feed\"");
    await q.query("CREATE TABLE \"temporary_users\" (\"id\" varchar(36) PRIMARY KEY NOT NULL, \"name\" varchar(60) NOT NULL, \"nameKey\" varchar(60) NOT NULL, \"email\" varchar(254) NOT NULL, \"passwordHash\" varchar(255) NOT NULL, \"tokenVersion\" integer NOT NULL DEFAULT (0), \"gender\" varchar(10), \"image\" varchar(1024), \"amount\" integer NOT NULL DEFAULT (0), \"days\" integer NOT NULL DEFAULT (0), \"ratingSum\" integer NOT NULL DEFAULT (0), \"ratingCount\" integer NOT NULL DEFAULT (0), \"ratingAvg\" double NOT NULL DEFAULT (0), \"skillCoins\" integer NOT NULL DEFAULT (0), \"createdAt\" datetime(3) NOT NULL, \"emailVerifiedAt\" datetime(3), \"visible\" boolean NOT NULL DEFAULT (0), \"deletedAt\" datetime(3))");
    await q.query("INSERT INTO \"temporary_users\"(\"id\", \"name\", \"nameKey\", \"email\", \"passwordHash\", \"tokenVersion\", \"gender\", \"image\", \"amount\", \"days\", \"ratingSum\", \"ratingCount\", \"ratingAvg\", \"skillCoins\", \"createdAt\", \"emailVerifiedAt\", \"visible\") SELECT \"id\", \"name\", \"nameKey\", \"email\", \"passwordHash\", \"tokenVersion\", \"gender\", \"image\", \"amount\", \"days\", \"ratingSum\", \"ratingCount\", \"ratingAvg\", \"skillCoins\", \"createdAt\", \"emailVerifiedAt\", \"visible\" FROM \"users\"");
    await q.query("DROP TABLE \"users\"");
    await q.query("ALTER TABLE \"temporary_users\" RENAME TO \"users\"");
    await q.query("CREATE INDEX \"idx_users_leaderboard\" ON \"users\" (\"visible\", \"ratingAvg\", \"ratingCount\", \"skillCoins\") ");
    await q.query("CREATE UNIQUE INDEX \"uq_users_name_key\" ON \"users\" (\"nameKey\") ");
    await q.query("CREATE UNIQUE INDEX \"uq_users_email\" ON \"users\" (\"email\") ");
    await q.query("CREATE INDEX \"idx_users_feed\" ON \"users\" (\"createdAt\", \"id\") ");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("DROP INDEX \"idx_users_feed\"");
    await q.query("DROP INDEX \"uq_users_email\"");
    await q.query("DROP INDEX \"uq_users_name_key\"");
    await q.query("DROP INDEX \"idx_users_leaderboard\"");
    await q.query("ALTER TABLE \"users\" RENAME TO \"temporary_users\"");
    await q.query("CREATE TABLE \"users\" (\"id\" varchar(36) PRIMARY KEY NOT NULL, \"name\" varchar(60) NOT NULL, \"nameKey\" varchar(60) NOT NULL, \"email\" varchar(254) NOT NULL, \"passwordHash\" varchar(255) NOT NULL, \"tokenVersion\" integer NOT NULL DEFAULT (0), \"gender\" varchar(10), \"image\" varchar(1024), \"amount\" integer NOT NULL DEFAULT (0), \"days\" integer NOT NULL DEFAULT (0), \"ratingSum\" integer NOT NULL DEFAULT (0), \"ratingCount\" integer NOT NULL DEFAULT (0), \"ratingAvg\" double NOT NULL DEFAULT (0), \"skillCoins\" integer NOT NULL DEFAULT (0), \"createdAt\" datetime(3) NOT NULL, \"emailVerifiedAt\" datetime(3), \"visible\" boolean NOT NULL DEFAULT (0))");
    await q.query("INSERT INTO \"users\"(\"id\", \"name\", \"nameKey\", \"email\", \"passwordHash\", \"tokenVersion\", \"gender\", \"image\", \"amount\", \"days\", \"ratingSum\", \"ratingCount\", \"ratingAvg\", \"skillCoins\", \"createdAt\", \"emailVerifiedAt\", \"visible\") SELECT \"id\", \"name\", \"nameKey\", \"email\", \"passwordHash\", \"tokenVersion\", \"gender\", \"image\", \"amount\", \"days\", \"ratingSum\", \"ratingCount\", \"ratingAvg\", \"skillCoins\", \"createdAt\", \"emailVerifiedAt\", \"visible\" FROM \"temporary_users\"");
    await q.query("DROP TABLE \"temporary_users\"");
    await q.query("CREATE INDEX \"idx_users_feed\" ON \"users\" (\"createdAt\", \"id\") ");
    await q.query("CREATE UNIQUE INDEX \"uq_users_email\" ON \"users\" (\"email\") ");
    await q.query("CREATE UNIQUE INDEX \"uq_users_name_key\" ON \"users\" (\"nameKey\") ");
    await q.query("CREATE INDEX \"idx_users_leaderboard\" ON \"users\" (\"visible\", \"ratingAvg\", \"ratingCount\", \"skillCoins\") ");
  }
}
