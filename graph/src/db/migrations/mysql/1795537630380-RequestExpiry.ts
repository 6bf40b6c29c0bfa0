import type { MigrationInterface, QueryRunner } from "typeorm";

export class RequestExpiry1795537630380 implements MigrationInterface {
  name = "RequestExpiry1795537630380";

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE TABLE `response_stats` (`userId` varchar(36) NOT NULL, `received` int NOT NULL, `answered` int NOT NULL, `within1h` int NOT NULL, `within3h` int NOT NULL, `within6h` int NOT NULL, `within12h` int NOT NULL, `within24h` int NOT NULL, `within48h` int NOT NULL, `within96h` int NOT NULL, `later` int NOT NULL, `updatedAt` datetime(3) NOT NULL, PRIMARY KEY (`userId`)) ENGINE=InnoDB");
    await q.query("CREATE INDEX `idx_swap_requests_status_created` ON `swap_requests` (`status`, `createdAt`)");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("DROP INDEX `idx_swap_requests_status_created` ON `swap_requests`");
    await q.query("DROP TABLE `response_stats`");
  }
}
