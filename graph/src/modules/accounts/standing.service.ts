import type { EntityManager } from "typeorm";
import type { Deps } from "../../shared/deps.js";
import { afterCommit } from "../../db/transaction.js";
import { notFound } from "../../shared/errors.js";
import type { ApiKeysRevoked } from "./api-key-events.js";
import { PERMANENT_SUSPENSION, User } from "./user.entity.js";

export { PERMANENT_SUSPENSION };

import "./account-changes.js";

/** Until when (or that it is for good) and why, as the suspended student is told at sign-in. */
export function suspensionMessage(until: Date, reason: string | null): string {
  const when =
    until.getTime() >= PERMANENT_SUSPENSION.getTime() ? "permanently" : `until ${until.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  return `This account is suspended ${when}${reason ? `: ${reason}` : "."}`;
}

/**
 * A student's standing: a verified address, not suspended now, not deleted. `users.visible` is
 * derived from it here only (with the account's own deletion, which clears it for good), and the
 * directory rows and the leaderboard follow it in the same transaction.
 */
export class StandingService {
  constructor(private readonly deps: Deps) {}

  /** Recomputes `visible` from the facts; when it changed, rewrites the directory rows and drops the ranking. */
  async refresh(em: EntityManager, userId: string): Promise<boolean> {
    const u = await em.getRepository(User).findOne({
      where: { id: userId },
      select: { id: true, emailVerifiedAt: true, deletedAt: true, suspendedUntil: true, visible: true },
    });
    if (!u) throw notFound("User not found");
    const visible = u.emailVerifiedAt !== null && u.deletedAt === null && !this.isSuspended(u);
    if (visible === Boolean(u.visible)) return visible;
    await em.getRepository(User).update({ id: userId }, { visible });
    // The directory rows (profiles) and the ranking (the leaderboard) follow, in this transaction.
    await this.deps.changes.tell("standingChanged", em, userId);
    return visible;
  }

  isSuspended(u: Pick<User, "suspendedUntil">): boolean {
    return u.suspendedUntil !== null && u.suspendedUntil.getTime() > this.deps.clock.now().getTime();
  }

  /**
   * Suspends until `until` (PERMANENT_SUSPENSION for good) inside `em`; the caller revokes sessions.
   * The student's API keys stop working with it (api-keys.service.ts reads the suspension on every
   * request); sockets already open with them close once `em` commits.
   */
  async suspend(em: EntityManager, userId: string, until: Date, reason: string): Promise<void> {
    const res = await em.getRepository(User).update({ id: userId }, { suspendedUntil: until, suspensionReason: reason });
    if (!res.affected) throw notFound("User not found");
    await this.refresh(em, userId);
    const keysStopped: ApiKeysRevoked = { keyIds: null };
    afterCommit(em, () => this.deps.pubsub.publish("API_KEYS_REVOKED", userId, keysStopped));
  }

  /** Ends a suspension (an operator's unsuspend, or the first sign-in after it ran out). */
  async lift(em: EntityManager, userId: string): Promise<void> {
    await em.getRepository(User).update({ id: userId }, { suspendedUntil: null, suspensionReason: null });
    await this.refresh(em, userId);
  }
}
