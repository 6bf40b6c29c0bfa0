import { Column, Entity, Index, PrimaryColumn } from "typeorm";

/** GraphQL enum names (UPPER_CASE) to the stored and REST strings (notifications.types.ts registers them). */
export const NotificationType = {
  SWAP_REQUEST: "swap-request",
  PAY_REQUEST: "pay-request",
  ACCEPTED_PAY: "Accepted-Pay",
  REJECT_IMPLEMENT_USER: "rejectImplementUser",
  ACCEPT_IMPLEMENT_USER: "acceptImplementUser",
  SWAP_ACCEPT: "swap-accept",
  SWAP_REJECT: "swap-reject",
  SUCCESS_FINISH: "success-Finish",
  /** From the moderators (the notifier is the student themselves): acknowledged with Ok. */
  OPERATOR_WARNING: "operator-warning",
  /** A swap or pay request nobody answered in time (REQUEST_EXPIRY_DAYS); both students get one. */
  REQUEST_EXPIRED: "request-expired",
  /** The teacher withdrew their acceptance of the learner's pay request before it was paid. */
  ACCEPTANCE_WITHDRAWN: "acceptance-withdrawn",
  /** New students match one of the recipient's saved searches (the notifier is the first of them; refId the search). */
  SAVED_SEARCH_MATCH: "saved-search-match",
} as const;
export type NotificationType = (typeof NotificationType)[keyof typeof NotificationType];
export const NOTIFICATION_TYPES: readonly NotificationType[] = Object.values(NotificationType);

/** Types that only inform: the recipient acknowledges them with Ok, which removes them. */
export const INFO_TYPES: ReadonlySet<NotificationType> = new Set([
  "rejectImplementUser",
  "acceptImplementUser",
  "swap-accept",
  "swap-reject",
  "success-Finish",
  "operator-warning",
  "request-expired",
  "acceptance-withdrawn",
  "saved-search-match",
]);

@Entity("notifications")
@Index("idx_notifications_recipient", ["recipientId", "createdAt"])
@Index("idx_notifications_ref", ["refId"])
export class Notification {
  @PrimaryColumn("varchar", { length: 36 })
  id: string;

  @Column("varchar", { length: 36 })
  recipientId: string;

  /** The user the notification is about (the spec's "notifier", `from_user`). */
  @Column("varchar", { length: 36 })
  notifierId: string;

  @Column("varchar", { length: 30 })
  type: NotificationType;

  @Column("varchar", { length: 500 })
  message: string;

  @Column("varchar", { length: 100, nullable: true })
  preachSkill: string | null;

  @Column("varchar", { length: 60, nullable: true })
  preachCategory: string | null;

  @Column("varchar", { length: 100, nullable: true })
  learnSkill: string | null;

  @Column("varchar", { length: 60, nullable: true })
  learnCategory: string | null;

  @Column("int", { nullable: true })
  skillCoins: number | null;

  /** What it is about: a swap/pay request id, an implement post id, a chat id. */
  @Column("varchar", { length: 36, nullable: true })
  refId: string | null;

  @Column("datetime", { precision: 3 })
  createdAt: Date;
}
