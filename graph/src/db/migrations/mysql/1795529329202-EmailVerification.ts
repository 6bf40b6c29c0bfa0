import type { MigrationInterface, QueryRunner } from "typeorm";

export class EmailVerification1795529329202 implements MigrationInterface {
  name = "EmailVerification1795529329202";

  async up(q: QueryRunner): Promise<void> {
    await q.query("DROP INDEX `idx_users_leaderboard` ON `users`");
    await q.query("CREATE TABLE `email_verifications` (`id` varchar(36) NOT NULL, `userId` varchar(36) NOT NULL, `email` varchar(254) NOT NULL, `tokenHash` varchar(64) NOT NULL, `createdAt` datetime(3) NOT NULL, `expiresAt` datetime(3) NOT NULL, `usedAt` datetime(3) NULL, UNIQUE INDEX `uq_email_verifications_token_hash` (`tokenHash`), INDEX `idx_email_verifications_user` (`userId`), PRIMARY KEY (`id`)) ENGINE=InnoDB");
    await q.query("ALTER TABLE `users` ADD `emailVerifiedAt` datetime(3) NULL");
    await q.query("ALTER TABLE `users` ADD `visible` tinyint NOT NULL DEFAULT 0");
    await q.query("CREATE INDEX `idx_users_leaderboard` ON `users` (`visible`, `ratingAvg`, `ratingCount`, `skillCoins`)");
    // Accounts made before addresses were verified keep working and stay listed: a later sign-up
    // must not be able to reclaim (and so wipe) an account that already has chats, coins and ratings.
    await q.query("UPDATE users SET emailVerifiedAt = createdAt, visible = 1");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("DROP INDEX `idx_users_leaderboard` ON `users`");
    await q.query("ALTER TABLE `users` DROP COLUMN `visible`");
    await q.query("ALTER TABLE `users` DROP COLUMN `emailVerifiedAt`");
    await q.query("DROP INDEX `idx_email_verifications_user` ON `email_verifications`");
    await q.query("DROP INDEX `uq_email_verifications_token_hash` ON `email_verifications`");
    await q.query("DROP TABLE `email_verifications`");
    await q.query("CREATE INDEX `idx_users_leaderboard` ON `users` (`ratingAvg`, `ratingCount`, `skillCoins`)");
  }
}
