import type { EntityManager } from "typeorm";
import type { Deps } from "../../services.js";
import { newId } from "../../shared/ids.js";
import { isUniqueViolation } from "../../db/transaction.js";
import { Block } from "./block.entity.js";

export class BlocksService {
  constructor(private readonly deps: Deps) {}

  private em(em?: EntityManager) {
    return em ?? this.deps.dataSource.manager;
  }

  /** Idempotent: blocking twice keeps one row. Pass `em` to take part in the caller's transaction. */
  async block(blockerId: string, blockedId: string, reason: "swap-rejected" | "reported", em?: EntityManager): Promise<void> {
    if (blockerId === blockedId) return;
    const repo = this.em(em).getRepository(Block);
    if (await repo.exist({ where: { blockerId, blockedId } })) return;
    try {
      await repo.insert({ id: newId(), blockerId, blockedId, reason, createdAt: this.deps.clock.now() });
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
    }
  }

  /** True when either user blocked the other. */
  async isBlockedEither(a: string, b: string, em?: EntityManager): Promise<boolean> {
    return this.em(em)
      .getRepository(Block)
      .exist({ where: [{ blockerId: a, blockedId: b }, { blockerId: b, blockedId: a }] });
  }

  /** Everyone `userId` must not see or be seen by (both directions). */
  async hiddenFrom(userId: string, em?: EntityManager): Promise<string[]> {
    const rows = await this.em(em)
      .getRepository(Block)
      .find({ where: [{ blockerId: userId }, { blockedId: userId }], select: { blockerId: true, blockedId: true } });
    return [...new Set(rows.map((r) => (r.blockerId === userId ? r.blockedId : r.blockerId)))];
  }
}
