import type { MigrationInterface, QueryRunner } from "typeorm";

export class SkillCardIndex1795529670043 implements MigrationInterface {
  name = "SkillCardIndex1795529670043";

  async up(q: QueryRunner): Promise<void> {
    await q.query("CREATE INDEX `idx_user_skills_card` ON `user_skills` (`userId`, `kind`, `position`, `category`, `skill`)");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("DROP INDEX `idx_user_skills_card` ON `user_skills`");
  }
}
