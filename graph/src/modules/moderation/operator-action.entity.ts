import { Column, Entity, Index, PrimaryColumn } from "typeorm";

/** GraphQL enum names to the stored and REST strings of the audit log's actions. */
export const OperatorActionKind = {
  DISMISS: "dismiss",
  WARN: "warn",
  SUSPEND: "suspend",
  UNSUSPEND: "unsuspend",
  HIDE_POST: "hide-post",
  HIDE_REVIEW: "hide-review",
  GRANT: "grant",
  REVOKE: "revoke",
} as const;
export type OperatorActionKind = (typeof OperatorActionKind)[keyof typeof OperatorActionKind];

/**
 * The audit log: one row per operator action (who, what, when, why). Append-only: the code only
 * inserts and reads these rows (moderation/audit-log.ts); no path updates or deletes one.
 */
@Entity("operator_actions")
@Index("idx_operator_actions_created", ["createdAt", "id"])
export class OperatorAction {
  @PrimaryColumn("varchar", { length: 36 })
  id: string;

  /** The operator's user id; null for the command line. */
  @Column("varchar", { length: 36, nullable: true })
  operatorId: string | null;

  /** The operator as they were then (their email, or "cli"): stays readable if the account goes. */
  @Column("varchar", { length: 254 })
  actor: string;

  @Column("varchar", { length: 20 })
  action: OperatorActionKind;

  @Column("varchar", { length: 36, nullable: true })
  targetUserId: string | null;

  @Column("varchar", { length: 36, nullable: true })
  reportId: string | null;

  @Column("varchar", { length: 36, nullable: true })
  postId: string | null;

  @Column("varchar", { length: 500 })
  reason: string;

  /** e.g. the suspension's end. */
  @Column("varchar", { length: 200, nullable: true })
  details: string | null;

  @Column("datetime", { precision: 3 })
  createdAt: Date;
}
