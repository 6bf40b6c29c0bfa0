import { Column, Entity, PrimaryColumn } from "typeorm";
import type { PushKind } from "../../../../common/notifications.js";

/** A student's choice of push for one kind of notification; a kind without a row has its default. */
@Entity("notification_push_settings")
export class NotificationPushSetting {
  @PrimaryColumn("varchar", { length: 36 })
  userId: string;

  @PrimaryColumn("varchar", { length: 30 })
  kind: PushKind;

  @Column("boolean")
  enabled: boolean;

  @Column("datetime", { precision: 3 })
  updatedAt: Date;
}
