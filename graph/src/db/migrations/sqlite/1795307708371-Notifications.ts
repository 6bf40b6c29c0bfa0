import type { MigrationInterface, QueryRunner } from "typeorm";

export class Notifications1795307708371 implements MigrationInterface {
  name = "Notifications1795307708371";

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE TABLE \"notifications\" (\"id\" varchar(36) PRIMARY KEY NOT NULL, \"recipientId\" varchar(36) NOT NULL, \"notifierId\" varchar(36) NOT NULL, \"type\" varchar(30) NOT NULL, \"message\" varchar(500) NOT NULL, \"preachSkill\" varchar(100), \"preachCategory\" varchar(60), \"learnSkill\" varchar(100), \"learnCategory\" varchar(60), \"skillCoins\" integer, \"refId\" varchar(36), \"createdAt\" datetime(3) NOT NULL)");
    await q.query("CREATE INDEX \"idx_notifications_ref\" ON \"notifications\" (\"refId\") ");
    await q.query("CREATE INDEX \"idx_notifications_recipient\" ON \"notifications\" (\"recipientId\", \"createdAt\") ");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("DROP INDEX \"idx_notifications_recipient\"");
    await q.query("DROP INDEX \"idx_notifications_ref\"");
    await q.query("DROP TABLE \"notifications\"");
  }
}
