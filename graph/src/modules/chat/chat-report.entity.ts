import { Column, Entity, Index, PrimaryColumn } from "typeorm";
import type { ReportReason } from "../../../../common/chat.js";

/** How an operator resolved a report: GraphQL enum names to the stored and REST strings. */
export const ReportResolution = { DISMISSED: "dismissed", WARNED: "warned", SUSPENDED: "suspended", POST_HIDDEN: "post-hidden" } as const;
export type ReportResolution = (typeof ReportResolution)[keyof typeof ReportResolution];

/**
 * A participant's report about a chat, kept for moderators. The first report of a chat in
 * progress suspends it for good; each participant can report a chat once.
 */
@Entity("chat_reports")
@Index("uq_chat_reports_chat_reporter", ["chatId", "reporterId"], { unique: true })
@Index("idx_chat_reports_created", ["createdAt"])
@Index("idx_chat_reports_reported", ["reportedId"])
/** The moderation queue: open (resolvedAt NULL) or resolved, newest first. */
@Index("idx_chat_reports_queue", ["resolvedAt", "createdAt"])
export class ChatReport {
  @PrimaryColumn("varchar", { length: 36 })
  id: string;

  @Column("varchar", { length: 36 })
  chatId: string;

  @Column("varchar", { length: 36 })
  reporterId: string;

  @Column("varchar", { length: 36 })
  reportedId: string;

  @Column("varchar", { length: 40 })
  reason: ReportReason;

  /** The free text for Other (optional for the rest). */
  @Column("varchar", { length: 500, nullable: true })
  details: string | null;

  /** The chat's status when it was reported (in_progress, completed or suspended). */
  @Column("varchar", { length: 20 })
  chatStatus: string;

  /** Held coins returned to the learner because of this report (0 when none). */
  @Column("int", { default: 0 })
  refundedCoins: number;

  @Column("datetime", { precision: 3 })
  createdAt: Date;

  /** When an operator acted on it (moderation module); null while it waits in the queue. */
  @Column("datetime", { precision: 3, nullable: true })
  resolvedAt: Date | null;

  /** dismissed | warned | suspended | post-hidden */
  @Column("varchar", { length: 20, nullable: true })
  resolution: ReportResolution | null;

  @Column("varchar", { length: 36, nullable: true })
  resolvedById: string | null;
}
