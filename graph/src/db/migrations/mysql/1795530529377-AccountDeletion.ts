import type { MigrationInterface, QueryRunner } from "typeorm";

export class AccountDeletion1795530529377 implements MigrationInterface {
  name = "AccountDeletion1795530529377";

  async up(q: QueryRunner): Promise<void> {
    await q.query("ALTER TABLE `users` ADD `deletedAt` datetime(3) NULL");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("ALTER TABLE `users` DROP COLUMN `deletedAt`");
  }
}
