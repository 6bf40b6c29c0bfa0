import type { MigrationInterface, QueryRunner } from "typeorm";

export class ScheduledJobs1795536309357 implements MigrationInterface {
  name = "ScheduledJobs1795536309357";

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE TABLE \"job_runs\" (\"name\" varchar(60) PRIMARY KEY NOT NULL, \"doneSlotAt\" datetime(3), \"leaseOwner\" varchar(36), \"leaseUntil\" datetime(3), \"lastRunAt\" datetime(3), \"lastError\" varchar(500))");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("DROP TABLE \"job_runs\"");
  }
}
