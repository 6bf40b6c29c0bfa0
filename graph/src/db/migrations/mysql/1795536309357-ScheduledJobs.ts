import type { MigrationInterface, QueryRunner } from "typeorm";

export class ScheduledJobs1795536309357 implements MigrationInterface {
  name = "ScheduledJobs1795536309357";

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE TABLE `job_runs` (`name` varchar(60) NOT NULL, `doneSlotAt` datetime(3) NULL, `leaseOwner` varchar(36) NULL, `leaseUntil` datetime(3) NULL, `lastRunAt` datetime(3) NULL, `lastError` varchar(500) NULL, PRIMARY KEY (`name`)) ENGINE=InnoDB");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("DROP TABLE `job_runs`");
  }
}
