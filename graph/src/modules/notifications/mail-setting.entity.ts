import { Column, Entity, PrimaryColumn } from "typeorm";
import type { MailKind, MailMode } from "../../../../common/notifications.js";

/** A student's choice for one kind of notification mail; a kind without a row has its default. */
@Entity("notification_mail_settings")
export class NotificationMailSetting {
  @PrimaryColumn("varchar", { length: 36 })
  userId: string;

  @PrimaryColumn("varchar", { length: 30 })
  kind: MailKind;

  @Column("varchar", { length: 10 })
  mode: MailMode;

  @Column("datetime", { precision: 3 })
  updatedAt: Date;
}
