import type { MigrationInterface, QueryRunner } from "typeorm";

export class Init1795307467476 implements MigrationInterface {
  name = "Init1795307467476";

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE TABLE `users` (`id` varchar(36) NOT NULL, `name` varchar(60) NOT NULL, `nameKey` varchar(60) NOT NULL, `email` varchar(254) NOT NULL, `passwordHash` varchar(255) NOT NULL, `tokenVersion` int NOT NULL DEFAULT '0', `gender` varchar(10) NULL, `image` varchar(1024) NULL, `amount` int NOT NULL DEFAULT '0', `days` int NOT NULL DEFAULT '0', `ratingSum` int NOT NULL DEFAULT '0', `ratingCount` int NOT NULL DEFAULT '0', `ratingAvg` double NOT NULL DEFAULT '0', `createdAt` datetime(3) NOT NULL, UNIQUE INDEX `uq_users_name_key` (`nameKey`), UNIQUE INDEX `uq_users_email` (`email`), INDEX `idx_users_leaderboard` (`ratingAvg`, `ratingCount`), PRIMARY KEY (`id`)) ENGINE=InnoDB");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("DROP INDEX `idx_users_leaderboard` ON `users`");
    await q.query("DROP INDEX `uq_users_email` ON `users`");
    await q.query("DROP INDEX `uq_users_name_key` ON `users`");
    await q.query("DROP TABLE `users`");
  }
}
