import type { EntityManager } from "typeorm";
import type { Deps } from "../../shared/deps.js";
import { newId } from "../../shared/ids.js";
import { isUniqueViolation } from "../../db/transaction.js";
import { Block } from "./block.entity.js";

/**
 * The two probes that find a block between the viewer (`:viewer`) and the student in `column`,
 * one per direction, each a point lookup of uq_blocks_pair. For list queries that must skip
 * blocked students row by row instead of reading the viewer's blocks first.
 */
export function blockProbes(column: string, sqlite: boolean): [string, string] {
  const hint = sqlite ? "INDEXED BY uq_blocks_pair" : "FORCE INDEX (uq_blocks_pair)";
  return [
    `SELECT 1 FROM blocks bk1 ${hint} WHERE bk1.blockerId = :viewer AND bk1.blockedId = ${column}`,
    `SELECT 1 FROM blocks bk2 ${hint} WHERE bk2.blockerId = ${column} AND bk2.blockedId = :viewer`,
  ];
}

/**
 * The two parts of a UNION that list whom the viewer (`:viewer`) blocked and who blocked them, as
 * rows (kind 'b', term = the other student's id, then `more`), up to `limit` each way: one read of
 * uq_blocks_pair and one of idx_blocks_blocked. The feed embeds them in the statement that reads
 * the viewer's own facts, so a page costs no extra round trip.
 */
export function blockListParts(sqlite: boolean, more: string, limit: number): [string, string] {
  const use = (index: string) => (sqlite ? `INDEXED BY ${index}` : `FORCE INDEX (${index})`);
  return [
    `SELECT 'b' AS kind, b.blockedId AS term${more} FROM blocks b ${use("uq_blocks_pair")} WHERE b.blockerId = :viewer LIMIT ${limit}`,
    `SELECT 'b' AS kind, b.blockerId AS term${more} FROM blocks b ${use("idx_blocks_blocked")} WHERE b.blockedId = :viewer LIMIT ${limit}`,
  ];
}

export class BlocksService {
  constructor(private readonly deps: Deps) {}

  /** Idempotent: blocking twice keeps one row. Inside the caller's transaction `em`. */
  async block(blockerId: string, blockedId: string, reason: "swap-rejected" | "reported", em: EntityManager): Promise<void> {
    if (blockerId === blockedId) return;
    const repo = em.getRepository(Block);
    if (await repo.exists({ where: { blockerId, blockedId } })) return;
    try {
      await repo.insert({ id: newId(), blockerId, blockedId, reason, createdAt: this.deps.clock.now() });
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
    }
  }

  /** The blocks the student made (for their data export). */
  madeBy(userId: string): Promise<Block[]> {
    return this.deps.dataSource.getRepository(Block).find({ where: { blockerId: userId }, order: { createdAt: "ASC" } });
  }

  /** A deleted student's blocks, both ways, go (nobody can meet a deleted account again anyway). */
  async forget(em: EntityManager, userId: string): Promise<void> {
    await em.getRepository(Block).delete({ blockerId: userId });
    await em.getRepository(Block).delete({ blockedId: userId });
  }

  /** True when either user blocked the other (outside a transaction). */
  isBlockedEither(a: string, b: string): Promise<boolean> {
    return this.isBlockedEitherIn(this.deps.dataSource.manager, a, b);
  }

  /** As `isBlockedEither`, inside `em`'s transaction. */
  async isBlockedEitherIn(em: EntityManager, a: string, b: string): Promise<boolean> {
    return em.getRepository(Block).exists({
      where: [
        { blockerId: a, blockedId: b },
        { blockerId: b, blockedId: a },
      ],
    });
  }

  /** Everyone `userId` must not see or be seen by (both directions). */
  async hiddenFrom(userId: string): Promise<string[]> {
    const rows = await this.deps.dataSource
      .getRepository(Block)
      .find({ where: [{ blockerId: userId }, { blockedId: userId }], select: { blockerId: true, blockedId: true } });
    return [...new Set(rows.map((r) => (r.blockerId === userId ? r.blockedId : r.blockerId)))];
  }
}
