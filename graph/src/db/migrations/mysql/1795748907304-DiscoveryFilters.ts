import type { MigrationInterface, QueryRunner } from "typeorm";

export class DiscoveryFilters1795748907304 implements MigrationInterface {
  name = "DiscoveryFilters1795748907304";

  async up(q: QueryRunner): Promise<void> {
    await q.query("DROP INDEX `idx_feed_entries_owner` ON `feed_entries`");
    await q.query("CREATE TABLE `saved_searches` (`id` varchar(36) NOT NULL, `userId` varchar(36) NOT NULL, `name` varchar(60) NOT NULL, `query` varchar(60) NOT NULL DEFAULT '', `field` varchar(20) NOT NULL DEFAULT 'name', `filters` varchar(500) NOT NULL, `alertsOn` tinyint NOT NULL DEFAULT 1, `checkedUntil` datetime(3) NOT NULL, `nextCheckAt` datetime(3) NOT NULL, `lastAlertAt` datetime(3) NULL, `createdAt` datetime(3) NOT NULL, INDEX `idx_saved_searches_due` (`alertsOn`, `nextCheckAt`), INDEX `idx_saved_searches_owner` (`userId`, `createdAt`), PRIMARY KEY (`id`)) ENGINE=InnoDB");
    await q.query("ALTER TABLE `feed_entries` ADD `rating` double NOT NULL DEFAULT '0'");
    await q.query("ALTER TABLE `feed_entries` ADD `coins` int NOT NULL DEFAULT '0'");
    await q.query("ALTER TABLE `feed_entries` ADD `taught` int NOT NULL DEFAULT '0'");
    await q.query("CREATE INDEX `idx_completed_skills_mentor` ON `completed_skills` (`mentorId`)");
    await q.query("CREATE INDEX `idx_feed_entries_changes` ON `feed_entries` (`kind`, `term`, `term2`, `validFrom`, `userId`, `validTo`)");
    await q.query("CREATE INDEX `idx_feed_entries_owner` ON `feed_entries` (`userId`, `kind`, `term`, `term2`, `validFrom`, `validTo`, `rating`, `coins`, `taught`)");
    // Backfill: the current rows get the student's rating, price and swaps taught; the languages and the known
    // skills' categories become `l` / `g` rows of the same version (catalog values: lower case is their fold).
    await q.query(
      "UPDATE feed_entries SET coins = COALESCE((SELECT u.amount FROM users u WHERE u.id = feed_entries.userId), 0), " +
        "rating = COALESCE((SELECT CASE WHEN u.ratingCount > 0 THEN ROUND(u.ratingSum * 1.0 / u.ratingCount, 1) ELSE 0 END FROM users u WHERE u.id = feed_entries.userId), 0), " +
        "taught = (SELECT COUNT(*) FROM completed_skills c WHERE c.mentorId = feed_entries.userId) WHERE validTo IS NULL",
    );
    for (const [kind, from] of [
      ["l", "SELECT x.userId AS userId, LOWER(TRIM(x.language)) AS term FROM user_languages x"],
      ["g", "SELECT x.userId AS userId, LOWER(TRIM(x.category)) AS term FROM user_skills x WHERE x.kind = 'known'"],
    ])
      await q.query(
        "INSERT IGNORE INTO feed_entries (userId, kind, term, term2, validFrom, validTo, tier, userCreatedAt, rating, coins, taught) " +
          `SELECT DISTINCT m.userId, '${kind}', x.term, '', m.validFrom, NULL, m.tier, m.userCreatedAt, m.rating, m.coins, m.taught ` +
          `FROM feed_entries m JOIN (${from}) x ON x.userId = m.userId WHERE m.kind = 'm' AND m.validTo IS NULL AND x.term <> ''`,
      );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("DROP INDEX `idx_feed_entries_owner` ON `feed_entries`");
    await q.query("DROP INDEX `idx_feed_entries_changes` ON `feed_entries`");
    await q.query("DROP INDEX `idx_completed_skills_mentor` ON `completed_skills`");
    await q.query("ALTER TABLE `feed_entries` DROP COLUMN `taught`");
    await q.query("ALTER TABLE `feed_entries` DROP COLUMN `coins`");
    await q.query("ALTER TABLE `feed_entries` DROP COLUMN `rating`");
    await q.query("DROP INDEX `idx_saved_searches_owner` ON `saved_searches`");
    await q.query("DROP INDEX `idx_saved_searches_due` ON `saved_searches`");
    await q.query("DROP TABLE `saved_searches`");
    await q.query("CREATE INDEX `idx_feed_entries_owner` ON `feed_entries` (`userId`, `kind`, `term`, `term2`, `validFrom`, `validTo`)");
  }
}
