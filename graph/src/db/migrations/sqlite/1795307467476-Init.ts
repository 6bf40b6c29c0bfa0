import type { MigrationInterface, QueryRunner } from "typeorm";

export class Init1795307467476 implements MigrationInterface {
  name = "Init1795307467476";

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE TABLE \"users\" (\"id\" varchar(36) PRIMARY KEY NOT NULL, \"name\" varchar(60) NOT NULL, \"nameKey\" varchar(60) NOT NULL, \"email\" varchar(254) NOT NULL, \"passwordHash\" varchar(255) NOT NULL, \"tokenVersion\" integer NOT NULL DEFAULT (0), \"gender\" varchar(10), \"image\" varchar(1024), \"amount\" integer NOT NULL DEFAULT (0), \"days\" integer NOT NULL DEFAULT (0), \"ratingSum\" integer NOT NULL DEFAULT (0), \"ratingCount\" integer NOT NULL DEFAULT (0), \"ratingAvg\" double NOT NULL DEFAULT (0), \"createdAt\" datetime(3) NOT NULL)");
    await q.query("CREATE UNIQUE INDEX \"uq_users_name_key\" ON \"users\" (\"nameKey\") ");
    await q.query("CREATE UNIQUE INDEX \"uq_users_email\" ON \"users\" (\"email\") ");
    await q.query("CREATE INDEX \"idx_users_leaderboard\" ON \"users\" (\"ratingAvg\", \"ratingCount\") ");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("DROP INDEX \"idx_users_leaderboard\"");
    await q.query("DROP INDEX \"uq_users_email\"");
    await q.query("DROP INDEX \"uq_users_name_key\"");
    await q.query("DROP TABLE \"users\"");
  }
}
