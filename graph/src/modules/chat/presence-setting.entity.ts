import { Column, Entity, PrimaryColumn } from "typeorm";

/**
 * A student's choice to hide their online status from their chat partners. Only students who
 * changed it have a row: no row means visible. Written only by the chat module's presence service.
 */
@Entity("presence_settings")
export class PresenceSetting {
  @PrimaryColumn("varchar", { length: 36 })
  userId: string;

  @Column("boolean")
  onlineVisible: boolean;

  @Column("datetime", { precision: 3 })
  updatedAt: Date;
}
