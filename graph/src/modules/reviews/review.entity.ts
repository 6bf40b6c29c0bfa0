import { Column, Entity, Index, PrimaryColumn } from "typeorm";

/**
 * One partner's written review of the other after a finished chat (one per author and chat).
 * Double-blind: `visibleAt` is the finish plus the review window when written, and moves to the
 * moment the second review of the chat arrives; a profile lists rows with `visibleAt <= now`.
 */
@Entity("reviews")
@Index("uq_reviews_chat_author", ["chatId", "authorId"], { unique: true })
/** A profile's reviews, newest shown first: (subject, visibleAt desc, id desc). */
@Index("idx_reviews_subject_visible", ["subjectId", "visibleAt", "id"])
@Index("idx_reviews_author", ["authorId", "createdAt"])
export class Review {
  @PrimaryColumn("varchar", { length: 36 })
  id: string;

  @Column("varchar", { length: 36 })
  chatId: string;

  @Column("varchar", { length: 36 })
  authorId: string;

  /** The reviewed student (the author's partner in the chat). */
  @Column("varchar", { length: 36 })
  subjectId: string;

  /** The skill of the swap this review is about (see `authorLearned`); null for a chat without one. */
  @Column("varchar", { length: 100, nullable: true })
  skill: string | null;

  @Column("varchar", { length: 60, nullable: true })
  category: string | null;

  /** true: the author learned `skill` from the subject; false: the subject learned it from the author. */
  @Column("boolean", { default: true })
  authorLearned: boolean;

  /** The stars the author gave the subject in this chat (null when the chat predates stored stars). */
  @Column("int", { nullable: true })
  stars: number | null;

  @Column("varchar", { length: 1000 })
  text: string;

  @Column("datetime", { precision: 3 })
  createdAt: Date;

  /** When it is shown: the finish plus the window, or when the partner's review arrived. */
  @Column("datetime", { precision: 3 })
  visibleAt: Date;

  /** The subject's one public answer. */
  @Column("varchar", { length: 500, nullable: true })
  answer: string | null;

  @Column("datetime", { precision: 3, nullable: true })
  answeredAt: Date | null;

  /** Hidden by an operator (moderation): never shown again. */
  @Column("datetime", { precision: 3, nullable: true })
  hiddenAt: Date | null;
}

/** How an operator resolved a review report: GraphQL enum names to the stored strings. */
export const ReviewReportResolution = { DISMISSED: "dismissed", HIDDEN: "hidden" } as const;
export type ReviewReportResolution = (typeof ReviewReportResolution)[keyof typeof ReviewReportResolution];

/** The reviewed student's report of a review, for the operators' queue (one per review). */
@Entity("review_reports")
@Index("uq_review_reports_review_reporter", ["reviewId", "reporterId"], { unique: true })
@Index("idx_review_reports_queue", ["resolvedAt", "createdAt"])
export class ReviewReport {
  @PrimaryColumn("varchar", { length: 36 })
  id: string;

  @Column("varchar", { length: 36 })
  reviewId: string;

  @Column("varchar", { length: 36 })
  reporterId: string;

  @Column("varchar", { length: 40 })
  reason: string;

  @Column("varchar", { length: 500, nullable: true })
  details: string | null;

  @Column("datetime", { precision: 3 })
  createdAt: Date;

  @Column("datetime", { precision: 3, nullable: true })
  resolvedAt: Date | null;

  @Column("varchar", { length: 20, nullable: true })
  resolution: ReviewReportResolution | null;

  @Column("varchar", { length: 36, nullable: true })
  resolvedById: string | null;
}
