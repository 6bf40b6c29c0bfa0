import type { MigrationInterface, QueryRunner } from "typeorm";

export class VerificationReturnTo1795877872222 implements MigrationInterface {
  name = "VerificationReturnTo1795877872222";

  async up(q: QueryRunner): Promise<void> {
    await q.query("ALTER TABLE `email_verifications` ADD `returnTo` varchar(1000) NULL");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("ALTER TABLE `email_verifications` DROP COLUMN `returnTo`");
  }
}
