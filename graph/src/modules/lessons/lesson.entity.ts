import { Column, Entity, Index, PrimaryColumn } from "typeorm";

/** `proposed`: waiting for the partner to accept one slot; `scheduled`: a slot was accepted; `cancelled`: withdrawn, declined or called off. */
export type LessonStatus = "proposed" | "scheduled" | "cancelled";

/**
 * One lesson between the two students of a chat: first a proposal with one or more time slots,
 * then (once the partner accepts a slot) a scheduled session. Its id is the calendar UID, and
 * `sequence` counts the invitations sent for it (RFC 5545 SEQUENCE). Times are UTC instants; the
 * proposer's IANA time zone is kept to word the mails in their local time.
 */
@Entity("lessons")
@Index("idx_lessons_chat", ["chatId", "createdAt"])
@Index("idx_lessons_due", ["status", "startsAt"])
@Index("idx_lessons_proposer", ["proposerId", "status", "startsAt"])
@Index("idx_lessons_partner", ["partnerId", "status", "startsAt"])
/** Lessons held in a time range, with both participants (the leaderboard's period views): index-only. */
@Index("idx_lessons_held", ["status", "endsAt", "proposerId", "partnerId"])
export class Lesson {
  @PrimaryColumn("varchar", { length: 36 })
  id: string;

  @Column("varchar", { length: 36 })
  chatId: string;

  @Column("varchar", { length: 36 })
  proposerId: string;

  /** The chat's other participant: the one who may accept. */
  @Column("varchar", { length: 36 })
  partnerId: string;

  @Column("varchar", { length: 64 })
  timezone: string;

  @Column("varchar", { length: 12 })
  status: LessonStatus;

  /** The accepted slot's start (UTC), null while proposed. */
  @Column("datetime", { precision: 3, nullable: true })
  startsAt: Date | null;

  @Column("int", { nullable: true })
  durationMinutes: number | null;

  /** startsAt + duration: upcoming lessons end after now, held ones before. */
  @Column("datetime", { precision: 3, nullable: true })
  endsAt: Date | null;

  /** RFC 5545 SEQUENCE of the latest invitation: 0 when accepted, +1 per reschedule or cancellation. */
  @Column("int", { default: 0 })
  sequence: number;

  /** When the reminder for the current time went out (reset by a reschedule); set by one conditional UPDATE. */
  @Column("datetime", { precision: 3, nullable: true })
  remindedAt: Date | null;

  @Column("datetime", { precision: 3 })
  createdAt: Date;

  @Column("datetime", { precision: 3, nullable: true })
  acceptedAt: Date | null;

  @Column("datetime", { precision: 3, nullable: true })
  cancelledAt: Date | null;

  @Column("varchar", { length: 36, nullable: true })
  cancelledById: string | null;
}

/** One proposed time of a lesson. */
@Entity("lesson_slots")
@Index("idx_lesson_slots_lesson", ["lessonId", "position"])
export class LessonSlot {
  @PrimaryColumn("varchar", { length: 36 })
  id: string;

  @Column("varchar", { length: 36 })
  lessonId: string;

  @Column("int")
  position: number;

  @Column("datetime", { precision: 3 })
  startsAt: Date;

  @Column("int")
  durationMinutes: number;
}

/** A lesson with its slots, as both doors show it. */
export type LessonRecord = Lesson & { slots: LessonSlot[] };
