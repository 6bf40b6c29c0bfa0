import { type EntityManager, In, IsNull } from "typeorm";
import { REVIEW_MESSAGES as M } from "../../../../common/reviews.js";
import { entityQuery } from "../../db/sql.js";
import { isUniqueViolation } from "../../db/transaction.js";
import { decodeTimeKey, encodeTimeKey } from "../../shared/cursor.js";
import type { Deps } from "../../shared/deps.js";
import { conflict } from "../../shared/errors.js";
import { newId } from "../../shared/ids.js";
import { type Connection, forwardPage, pageSize } from "../../shared/pagination.js";
import { cleanReportReason } from "../chat/chat.rules.js";
import { type Review, ReviewReport, type ReviewReportResolution } from "./review.entity.js";
import type { Paging } from "./review.rules.js";

const QUEUE_CURSOR = "review-reports";

/** Where a report finds the review it is about (ReviewsService, which builds this service). */
export interface SubjectsReviews {
  subjectsReview(me: string, reviewId: unknown, em: EntityManager): Promise<Review>;
}

/**
 * Reports of reviews: the reviewed student reports a shown review to the operators (once), and the
 * moderation module pages through the queue and resolves them (hiding the review is ReviewsService's).
 */
export class ReviewReportsService {
  constructor(
    private readonly deps: Deps,
    private readonly reviews: SubjectsReviews,
  ) {}

  /** Inside `em`'s transaction: every write goes through here. */
  private repo(em: EntityManager) {
    return em.getRepository(ReviewReport);
  }

  /** Reads outside a transaction (the queue, counts, export). */
  private reader() {
    return this.deps.dataSource.getRepository(ReviewReport);
  }

  /** The subject reports a shown review to the operators (once; the reasons of a chat report). Answers the review. */
  async report(me: string, reviewId: unknown, rawReason: unknown, rawDetails?: unknown): Promise<Review> {
    const { reason, details } = cleanReportReason(rawReason, rawDetails);
    return this.deps.tx(async (em) => {
      const review = await this.reviews.subjectsReview(me, reviewId, em);
      const row: ReviewReport = {
        id: newId(),
        reviewId: review.id,
        reporterId: me,
        reason,
        details,
        createdAt: this.deps.clock.now(),
        resolvedAt: null,
        resolution: null,
        resolvedById: null,
      };
      try {
        await this.repo(em).insert(row);
      } catch (e) {
        if (isUniqueViolation(e)) throw conflict(M.alreadyReported);
        throw e;
      }
      return review;
    });
  }

  /** Which of `reviewIds` the caller has reported (the "about you" list shows it). */
  async reportedBy(me: string, reviewIds: readonly string[]): Promise<Set<string>> {
    if (reviewIds.length === 0) return new Set();
    const rows = await this.reader().find({ select: { reviewId: true }, where: { reporterId: me, reviewId: In([...reviewIds]) } });
    return new Set(rows.map((r) => r.reviewId));
  }

  // --- For the moderation module -------------------------------------------------------------

  /** Open or resolved review reports, newest first, keyset-paged on (createdAt, id). */
  async page(status: "open" | "resolved", opts: Paging, max: number): Promise<Connection<ReviewReport>> {
    const first = pageSize("first", opts.first, max, max);
    const after = opts.after ? decodeTimeKey(QUEUE_CURSOR, opts.after) : null;
    const rows = await entityQuery(
      this.deps.dataSource,
      ReviewReport,
      `SELECT * FROM review_reports WHERE resolvedAt IS ${status === "open" ? "" : "NOT "}NULL` +
        (after ? " AND (createdAt < :at OR (createdAt = :at AND id < :id))" : "") +
        ` ORDER BY createdAt DESC, id DESC LIMIT ${first + 1}`,
      after ? { at: after.at, id: after.id } : {},
    );
    return forwardPage(rows, first, after, (r) => encodeTimeKey(QUEUE_CURSOR, { at: r.createdAt, id: r.id }));
  }

  /** Review reports no operator has resolved yet (the console's count; idx_review_reports_queue). */
  openCount(): Promise<number> {
    return this.reader().count({ where: { resolvedAt: IsNull() } });
  }

  byId(id: string): Promise<ReviewReport | null> {
    return this.reader().findOne({ where: { id: String(id) } });
  }

  /** Marks an open review report resolved inside `em`; false when it was resolved already. */
  async resolve(em: EntityManager, id: string, resolution: ReviewReportResolution, operatorId: string): Promise<boolean> {
    const res = await this.repo(em).update(
      { id, resolvedAt: IsNull() },
      { resolvedAt: this.deps.clock.now(), resolution, resolvedById: operatorId },
    );
    return (res.affected ?? 0) > 0;
  }

  // --- A student's own data ------------------------------------------------------------------

  /** The reports the student made, oldest first (their data export). */
  madeBy(userId: string): Promise<ReviewReport[]> {
    return this.reader().find({ where: { reporterId: userId }, order: { createdAt: "ASC" } });
  }

  /** Deletes every report of the reviews `reviewIds` inside `em` (the reviews are being deleted). */
  async deleteOf(em: EntityManager, reviewIds: string[]): Promise<void> {
    await this.repo(em).delete({ reviewId: In(reviewIds) });
  }
}
