import type { MigrationInterface, QueryRunner } from "typeorm";

export class NotificationMail1795536455113 implements MigrationInterface {
  name = "NotificationMail1795536455113";

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE TABLE \"notification_digest_items\" (\"id\" varchar(36) PRIMARY KEY NOT NULL, \"userId\" varchar(36) NOT NULL, \"aboutUserId\" varchar(36) NOT NULL, \"kind\" varchar(30) NOT NULL, \"line\" varchar(600) NOT NULL, \"link\" varchar(300) NOT NULL, \"createdAt\" datetime(3) NOT NULL)");
    await q.query("CREATE INDEX \"idx_digest_items_about\" ON \"notification_digest_items\" (\"aboutUserId\") ");
    await q.query("CREATE INDEX \"idx_digest_items_user\" ON \"notification_digest_items\" (\"userId\", \"createdAt\") ");
    await q.query("CREATE TABLE \"notification_mail_settings\" (\"userId\" varchar(36) NOT NULL, \"kind\" varchar(30) NOT NULL, \"mode\" varchar(10) NOT NULL, \"updatedAt\" datetime(3) NOT NULL, PRIMARY KEY (\"userId\", \"kind\"))");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("DROP TABLE \"notification_mail_settings\"");
    await q.query("DROP INDEX \"idx_digest_items_user\"");
    await q.query("DROP INDEX \"idx_digest_items_about\"");
    await q.query("DROP TABLE \"notification_digest_items\"");
  }
}
