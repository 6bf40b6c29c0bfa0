import { Column, Entity, Index, PrimaryColumn } from "typeorm";
import type { MailKind } from "../../../../common/notifications.js";

/**
 * One line of a student's next daily digest mail, queued when the notification (or message)
 * happened; the digest job mails a student's lines in one mail and deletes them.
 */
@Entity("notification_digest_items")
@Index("idx_digest_items_user", ["userId", "createdAt"])
@Index("idx_digest_items_about", ["aboutUserId"])
export class NotificationDigestItem {
  @PrimaryColumn("varchar", { length: 36 })
  id: string;

  /** The recipient. */
  @Column("varchar", { length: 36 })
  userId: string;

  /** Who it is about (their name is in the line): a deleted student's lines go with them. */
  @Column("varchar", { length: 36 })
  aboutUserId: string;

  @Column("varchar", { length: 30 })
  kind: MailKind;

  @Column("varchar", { length: 600 })
  line: string;

  /** Where in the app to look (absolute URL). */
  @Column("varchar", { length: 300 })
  link: string;

  @Column("datetime", { precision: 3 })
  createdAt: Date;
}
