import type { EntityManager } from "typeorm";
import type { Deps } from "../../shared/deps.js";
import { isUniqueViolation } from "../../db/transaction.js";
import { badInput } from "../../shared/errors.js";
import { SnakeHighScore } from "./snake-high-score.entity.js";

/** The board the web game plays on (web/src/features/snake/engine): 30 x 20, snake of 6. */
export const SNAKE_COLS = 30;
export const SNAKE_ROWS = 20;
export const SNAKE_START_LENGTH = 6;
/** One point per apple; the snake grows until it fills the board, so no game can score more. */
export const MAX_SNAKE_SCORE = SNAKE_COLS * SNAKE_ROWS - SNAKE_START_LENGTH;

export interface HighScoreView {
  userId: string;
  highScore: number;
  /** When the high score last went up; null before the first submission. */
  updatedAt: Date | null;
}

export class SnakeService {
  constructor(private readonly deps: Deps) {}

  private get repo() {
    return this.deps.dataSource.getRepository(SnakeHighScore);
  }

  /** The student's stored score (for their data export), or null. */
  async exportFor(userId: string): Promise<SnakeHighScore | null> {
    return this.repo.findOne({ where: { userId } });
  }

  /** A deleted student's score goes. */
  async forget(em: EntityManager, userId: string): Promise<void> {
    await em.getRepository(SnakeHighScore).delete({ userId });
  }

  async highScore(userId: string): Promise<HighScoreView> {
    const row = await this.repo.findOne({ where: { userId } });
    return row ? { userId, highScore: row.highScore, updatedAt: row.updatedAt } : { userId, highScore: 0, updatedAt: null };
  }

  /**
   * Records a finished game's score and returns the stored best. The server keeps the maximum
   * of everything that arrives, in any order: the write is one conditional UPDATE
   * (`... WHERE highScore < score`), atomic on both databases, so a late or concurrent lower
   * submission can never lower it. The first submission inserts; losing that insert race to a
   * parallel request turns into the same conditional update.
   */
  async submit(userId: string, score: unknown): Promise<HighScoreView> {
    if (typeof score !== "number" || !Number.isInteger(score) || score < 0) {
      throw badInput("The score must be a whole number of 0 or more.");
    }
    if (score > MAX_SNAKE_SCORE) {
      throw badInput(`A score above ${MAX_SNAKE_SCORE} cannot be reached on a ${SNAKE_COLS} x ${SNAKE_ROWS} board.`);
    }
    const now = this.deps.clock.now();
    await this.deps.tx(async (em) => {
      if (await this.raise(em, userId, score, now)) return;
      try {
        await em.getRepository(SnakeHighScore).insert({ userId, highScore: score, updatedAt: now });
      } catch (e) {
        if (!isUniqueViolation(e)) throw e;
        await this.raise(em, userId, score, now);
      }
    });
    return this.highScore(userId);
  }

  /** True when a row exists for the user (raised or already at least `score`). */
  private async raise(em: EntityManager, userId: string, score: number, now: Date): Promise<boolean> {
    const result = await em
      .getRepository(SnakeHighScore)
      .createQueryBuilder()
      .update(SnakeHighScore)
      .set({ highScore: score, updatedAt: now })
      .where("userId = :userId AND highScore < :score", { userId, score })
      .execute();
    if (result.affected) return true;
    return em.getRepository(SnakeHighScore).exists({ where: { userId } });
  }
}
