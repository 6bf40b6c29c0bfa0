import type { MigrationInterface, QueryRunner } from "typeorm";

export class Blocks1795307554090 implements MigrationInterface {
  name = "Blocks1795307554090";

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE TABLE `blocks` (`id` varchar(36) NOT NULL, `blockerId` varchar(36) NOT NULL, `blockedId` varchar(36) NOT NULL, `reason` varchar(30) NOT NULL, `createdAt` datetime(3) NOT NULL, INDEX `idx_blocks_blocked` (`blockedId`), UNIQUE INDEX `uq_blocks_pair` (`blockerId`, `blockedId`), PRIMARY KEY (`id`)) ENGINE=InnoDB");
    await q.query("ALTER TABLE `users` CHANGE `gender` `gender` varchar(10) NULL");
    await q.query("ALTER TABLE `users` CHANGE `image` `image` varchar(1024) NULL");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("ALTER TABLE `users` CHANGE `image` `image` varchar(1024) NULL DEFAULT 'NULL'");
    await q.query("ALTER TABLE `users` CHANGE `gender` `gender` varchar(10) NULL DEFAULT 'NULL'");
    await q.query("DROP INDEX `uq_blocks_pair` ON `blocks`");
    await q.query("DROP INDEX `idx_blocks_blocked` ON `blocks`");
    await q.query("DROP TABLE `blocks`");
  }
}
