import type { MigrationInterface, QueryRunner } from "typeorm";

export class HeldForTeacher1796041955012 implements MigrationInterface {
  name = "HeldForTeacher1796041955012";

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE INDEX \"idx_coin_transfers_beneficiary\" ON \"coin_transfers\" (\"beneficiaryId\", \"holdState\") ");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("DROP INDEX \"idx_coin_transfers_beneficiary\"");
  }
}
