import type { MigrationInterface, QueryRunner } from "typeorm";

export class ApiKeys1795899455241 implements MigrationInterface {
  name = "ApiKeys1795899455241";

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE TABLE `api_keys` (`id` varchar(36) NOT NULL, `ownerId` varchar(36) NOT NULL, `name` varchar(60) NOT NULL, `prefix` varchar(16) NOT NULL, `secretHash` varchar(64) NOT NULL, `createdAt` datetime(3) NOT NULL, `lastUsedAt` datetime(3) NULL, `revokedAt` datetime(3) NULL, INDEX `idx_api_keys_owner` (`ownerId`, `createdAt`), UNIQUE INDEX `uq_api_keys_secret_hash` (`secretHash`), PRIMARY KEY (`id`)) ENGINE=InnoDB");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("DROP INDEX `uq_api_keys_secret_hash` ON `api_keys`");
    await q.query("DROP INDEX `idx_api_keys_owner` ON `api_keys`");
    await q.query("DROP TABLE `api_keys`");
  }
}
