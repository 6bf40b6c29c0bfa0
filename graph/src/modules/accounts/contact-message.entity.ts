import { Column, Entity, Index, PrimaryColumn } from "typeorm";

/** A message sent through the contact form: kept here and mailed to the team. */
@Entity("contact_messages")
@Index("idx_contact_messages_created", ["createdAt"])
export class ContactMessage {
  @PrimaryColumn("varchar", { length: 36 })
  id: string;

  @Column("varchar", { length: 100 })
  name: string;

  @Column("varchar", { length: 254 })
  email: string;

  @Column("text")
  message: string;

  /** The sender's address, for abuse handling. */
  @Column("varchar", { length: 64 })
  ip: string;

  @Column("datetime", { precision: 3 })
  createdAt: Date;
}
