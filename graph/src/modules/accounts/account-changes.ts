import type { EntityManager } from "typeorm";

/** What the accounts module tells the modules above it (shared/changes.ts). */
declare module "../../shared/changes.js" {
  interface ChangeEvents {
    /**
     * A student's standing (verified, suspended, deleted) changed their `visible` flag in `em`: their
     * directory rows are rewritten (profiles) and their ranking may move (the leaderboard).
     */
    standingChanged: [em: EntityManager, userId: string];
    /**
     * The leaderboard values of `userIds` (a rating, the skills they teach, their coins) may have
     * changed in `em`: the leaderboard updates its views once `em` commits. No ids: anyone's.
     */
    rankingChanged: [em: EntityManager, userIds?: readonly string[]];
  }
}
