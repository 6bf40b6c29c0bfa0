import type { MigrationInterface, QueryRunner } from "typeorm";

export class PushNotifications1795749444489 implements MigrationInterface {
  name = "PushNotifications1795749444489";

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE TABLE \"notification_push_settings\" (\"userId\" varchar(36) NOT NULL, \"kind\" varchar(30) NOT NULL, \"enabled\" boolean NOT NULL, \"updatedAt\" datetime(3) NOT NULL, PRIMARY KEY (\"userId\", \"kind\"))");
    await q.query("CREATE TABLE \"push_subscriptions\" (\"id\" varchar(36) PRIMARY KEY NOT NULL, \"userId\" varchar(36) NOT NULL, \"endpoint\" varchar(2048) NOT NULL, \"endpointHash\" varchar(64) NOT NULL, \"p256dh\" varchar(100) NOT NULL, \"auth\" varchar(40) NOT NULL, \"label\" varchar(100) NOT NULL, \"createdAt\" datetime(3) NOT NULL, \"lastUsedAt\" datetime(3))");
    await q.query("CREATE INDEX \"idx_push_subscriptions_user\" ON \"push_subscriptions\" (\"userId\", \"createdAt\") ");
    await q.query("CREATE UNIQUE INDEX \"uq_push_subscriptions_endpoint\" ON \"push_subscriptions\" (\"endpointHash\") ");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("DROP INDEX \"uq_push_subscriptions_endpoint\"");
    await q.query("DROP INDEX \"idx_push_subscriptions_user\"");
    await q.query("DROP TABLE \"push_subscriptions\"");
    await q.query("DROP TABLE \"notification_push_settings\"");
  }
}
