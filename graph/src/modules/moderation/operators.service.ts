import type { DataSource, EntityManager } from "typeorm";
import type { Config } from "../../config.js";
import { forbidden, notFound } from "../../shared/errors.js";
import { newId } from "../../shared/ids.js";
import { emailsOf, liveAccount } from "../accounts/user-reads.js";
import { Operator } from "./operator.entity.js";
import { OperatorAction, type OperatorActionKind } from "./operator-action.entity.js";

export const OPERATORS_ONLY = "Only Skill Exchange operators can open the moderation console.";

export interface AuditEntry {
  operatorId: string | null;
  actor: string;
  action: OperatorActionKind;
  targetUserId?: string | null;
  reportId?: string | null;
  postId?: string | null;
  reason: string;
  details?: string | null;
}

/** Appends one row to the audit log (the only write the log ever sees). */
export async function recordAction(em: EntityManager | DataSource, entry: AuditEntry, at: Date): Promise<void> {
  await em.getRepository(OperatorAction).insert({
    id: newId(),
    operatorId: entry.operatorId,
    actor: entry.actor.slice(0, 254),
    action: entry.action,
    targetUserId: entry.targetUserId ?? null,
    reportId: entry.reportId ?? null,
    postId: entry.postId ?? null,
    reason: entry.reason.slice(0, 500),
    details: entry.details?.slice(0, 200) ?? null,
    createdAt: at,
  });
}

/**
 * Who is an operator: a student with a verified address listed in OPERATOR_EMAILS, or one granted
 * from the command line (`operators` table). Nothing in the public API can change either.
 */
export class OperatorsService {
  constructor(
    private readonly ds: DataSource,
    private readonly config: Pick<Config, "operatorEmails">,
  ) {}

  /** The operator's account (for the audit log), or null when `userId` is not an operator. */
  async operator(userId: string): Promise<{ id: string; email: string } | null> {
    const user = await liveAccount(this.ds, { id: userId });
    if (!user || !user.verified) return null;
    if (this.config.operatorEmails.includes(user.email)) return { id: user.id, email: user.email };
    const granted = await this.ds.getRepository(Operator).exists({ where: { userId } });
    return granted ? { id: user.id, email: user.email } : null;
  }

  async isOperator(userId: string): Promise<boolean> {
    return (await this.operator(userId)) !== null;
  }

  /** FORBIDDEN (403 on REST) for anyone who is not an operator. */
  async require(userId: string): Promise<{ id: string; email: string }> {
    const op = await this.operator(userId);
    if (!op) throw forbidden(OPERATORS_ONLY);
    return op;
  }
}

/** `npm run operator -- grant|revoke <email>`: the command line's own path, audited as "cli". */
export async function setOperator(ds: DataSource, email: string, grant: boolean, now: Date): Promise<{ userId: string; changed: boolean }> {
  const address = email.trim().toLowerCase();
  const user = await liveAccount(ds, { email: address });
  if (!user) throw notFound(`No student has the address ${address}`);
  if (grant && !user.verified) throw forbidden(`${address} is not verified yet: the student must open the link mailed to it first`);
  return ds.transaction(async (em) => {
    const repo = em.getRepository(Operator);
    const exists = await repo.exists({ where: { userId: user.id } });
    if (exists === grant) return { userId: user.id, changed: false };
    if (grant) await repo.insert({ userId: user.id, grantedAt: now, grantedBy: "cli" });
    else await repo.delete({ userId: user.id });
    await recordAction(
      em,
      { operatorId: null, actor: "cli", action: grant ? "grant" : "revoke", targetUserId: user.id, reason: "command line" },
      now,
    );
    return { userId: user.id, changed: true };
  });
}

/** Every operator: those named by configuration and those granted from the command line. */
export async function listOperators(
  ds: DataSource,
  config: Pick<Config, "operatorEmails">,
): Promise<Array<{ email: string; source: string }>> {
  const userIds = (await ds.getRepository(Operator).find({ select: { userId: true } })).map((o) => o.userId);
  const granted = (await emailsOf(ds, userIds)).map((email) => ({ email }));
  return [
    ...config.operatorEmails.map((email) => ({ email, source: "OPERATOR_EMAILS" })),
    ...granted.map((g) => ({ email: g.email, source: "granted (cli)" })),
  ];
}
