import type { MigrationInterface, QueryRunner } from "typeorm";

export class VerificationReturnTo1795877872222 implements MigrationInterface {
  name = "VerificationReturnTo1795877872222";

  async up(q: QueryRunner): Promise<void> {
    await q.query("DROP INDEX \"idx_email_verifications_user\"");
    await q.query("DROP INDEX \"uq_email_verifications_token_hash\"");
    await q.query("CREATE TABLE \"temporary_email_verifications\" (\"id\" varchar(36) PRIMARY KEY NOT NULL, \"userId\" varchar(36) NOT NULL, \"email\" varchar(254) NOT NULL, \"tokenHash\" varchar(64) NOT NULL, \"createdAt\" datetime(3) NOT NULL, \"expiresAt\" datetime(3) NOT NULL, \"usedAt\" datetime(3), \"returnTo\" varchar(1000))");
    await q.query("INSERT INTO \"temporary_email_verifications\"(\"id\", \"userId\", \"email\", \"tokenHash\", \"createdAt\", \"expiresAt\", \"usedAt\") SELECT \"id\", \"userId\", \"email\", \"tokenHash\", \"createdAt\", \"expiresAt\", \"usedAt\" FROM \"email_verifications\"");
    await q.query("DROP TABLE \"email_verifications\"");
    await q.query("ALTER TABLE \"temporary_email_verifications\" RENAME TO \"email_verifications\"");
    await q.query("CREATE INDEX \"idx_email_verifications_user\" ON \"email_verifications\" (\"userId\") ");
    await q.query("CREATE UNIQUE INDEX \"uq_email_verifications_token_hash\" ON \"email_verifications\" (\"tokenHash\") ");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("DROP INDEX \"uq_email_verifications_token_hash\"");
    await q.query("DROP INDEX \"idx_email_verifications_user\"");
    await q.query("ALTER TABLE \"email_verifications\" RENAME TO \"temporary_email_verifications\"");
    await q.query("CREATE TABLE \"email_verifications\" (\"id\" varchar(36) PRIMARY KEY NOT NULL, \"userId\" varchar(36) NOT NULL, \"email\" varchar(254) NOT NULL, \"tokenHash\" varchar(64) NOT NULL, \"createdAt\" datetime(3) NOT NULL, \"expiresAt\" datetime(3) NOT NULL, \"usedAt\" datetime(3))");
    await q.query("INSERT INTO \"email_verifications\"(\"id\", \"userId\", \"email\", \"tokenHash\", \"createdAt\", \"expiresAt\", \"usedAt\") SELECT \"id\", \"userId\", \"email\", \"tokenHash\", \"createdAt\", \"expiresAt\", \"usedAt\" FROM \"temporary_email_verifications\"");
    await q.query("DROP TABLE \"temporary_email_verifications\"");
    await q.query("CREATE UNIQUE INDEX \"uq_email_verifications_token_hash\" ON \"email_verifications\" (\"tokenHash\") ");
    await q.query("CREATE INDEX \"idx_email_verifications_user\" ON \"email_verifications\" (\"userId\") ");
  }
}
