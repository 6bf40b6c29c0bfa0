import { Column, Entity, Index, PrimaryColumn } from "typeorm";

/**
 * One chat message. `seq` numbers a chat's messages 1, 2, 3... (taken from the chat row in
 * the same transaction), so the order is exact and `seq` is the paging cursor: the unique
 * (chatId, seq) index serves "the 30 before seq N" with one range scan.
 */
@Entity("chat_messages")
@Index("uq_chat_messages_chat_seq", ["chatId", "seq"], { unique: true })
export class ChatMessage {
  @PrimaryColumn("varchar", { length: 36 })
  id: string;

  @Column("varchar", { length: 36 })
  chatId: string;

  @Column("int")
  seq: number;

  @Column("varchar", { length: 36 })
  senderId: string;

  @Column("varchar", { length: 36 })
  receiverId: string;

  /** Plain text, at most 2000 characters; clients render it as text, never as HTML. */
  @Column("varchar", { length: 2000 })
  body: string;

  @Column("datetime", { precision: 3 })
  createdAt: Date;
}
