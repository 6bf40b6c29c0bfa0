import type { Deps } from "../../shared/deps.js";
import { conflict, notFound } from "../../shared/errors.js";
import type { Connection } from "../../shared/pagination.js";
import type { Review, ReviewReport, ReviewReportResolution } from "../reviews/reviews.service.js";
import { cleanReason, MODERATION_MESSAGES as M, QUEUE_LIMIT, type ReportQueueStatus } from "./moderation.rules.js";
import type { ModerationCollaborators, Operator } from "./moderation-parts.js";
import { type ModeratedStudentView, type ModerationChatView, toChatView, toStudentView } from "./moderation.views.js";
import { type OperatorsService, recordAction } from "./operators.service.js";

export interface ModerationReviewView {
  id: string;
  authorId: string;
  subjectId: string;
  skill: string | null;
  stars: number | null;
  text: string;
  answer: string | null;
  createdAt: Date;
  visibleAt: Date;
  hidden: boolean;
}

export interface ModerationReviewReportView {
  id: string;
  reason: string;
  details: string | null;
  createdAt: Date;
  resolvedAt: Date | null;
  resolution: ReviewReportResolution | null;
  /** The reviewed student, who reported it. */
  reporter: ModeratedStudentView | null;
  /** Who wrote the review. */
  author: ModeratedStudentView | null;
  review: ModerationReviewView | null;
  /** The chat the review is about: its state and (on request) messages, the evidence a chat report shows. */
  chat: ModerationChatView | null;
}

const toReview = (r: Review): ModerationReviewView => ({
  id: r.id,
  authorId: r.authorId,
  subjectId: r.subjectId,
  skill: r.skill,
  stars: r.stars,
  text: r.text,
  answer: r.answer,
  createdAt: r.createdAt,
  visibleAt: r.visibleAt,
  hidden: r.hiddenAt !== null,
});

/**
 * The operators' queue of reported reviews, beside the chat reports' queue: each item has the
 * review, both students and the chat's evidence; "hide review" hides it for good and "dismiss"
 * closes the report, each with its audit row in the same transaction. Operators only, like the
 * chat reports' queue: every public method takes the caller's user id and answers FORBIDDEN to
 * anyone else before it reads or checks anything.
 */
export class ReviewModerationService {
  constructor(
    private readonly deps: Deps,
    private readonly operators: OperatorsService,
    private readonly c: Pick<ModerationCollaborators, "reviews" | "users" | "chat" | "coins">,
  ) {}

  async queuePage(
    callerId: string,
    status: ReportQueueStatus,
    opts: { first?: number | null; after?: string | null },
  ): Promise<Connection<ModerationReviewReportView>> {
    await this.operators.require(callerId);
    const page = await this.c.reviews.reports.page(status, opts, QUEUE_LIMIT);
    const views = await this.describe(page.edges.map((e) => e.node));
    return { edges: page.edges.map((e, i) => ({ node: views[i], cursor: e.cursor })), pageInfo: page.pageInfo };
  }

  async report(callerId: string, id: string): Promise<ModerationReviewReportView> {
    await this.operators.require(callerId);
    return this.describeOne(id);
  }

  private async describeOne(id: string): Promise<ModerationReviewReportView> {
    const report = await this.c.reviews.reports.byId(id);
    if (!report) throw notFound(M.reportNotFound);
    return (await this.describe([report]))[0];
  }

  private async describe(reports: ReviewReport[]): Promise<ModerationReviewReportView[]> {
    const reviews = await this.c.reviews.reviewsByIds(reports.map((r) => r.reviewId));
    const byId = new Map(reviews.map((r) => [r.id, r]));
    const [students, chats] = await Promise.all([
      this.c.users.standingOf([...reports.map((r) => r.reporterId), ...reviews.map((r) => r.authorId)]),
      this.c.chat.chatsByIds(
        reviews.map((r) => r.chatId),
        this.deps.dataSource,
      ),
    ]);
    const holds = await this.c.coins.holdStates(chats.filter((c) => c.escrowRef).map((c) => c.escrowRef!));
    const chatById = new Map(chats.map((c) => [c.id, c]));
    const now = this.deps.clock.now();
    const student = (id: string | undefined) => {
      const u = id ? students.get(id) : undefined;
      return u ? toStudentView(u, now) : null;
    };
    return reports.map((report) => {
      const review = byId.get(report.reviewId);
      const chat = review ? chatById.get(review.chatId) : undefined;
      return {
        id: report.id,
        reason: report.reason,
        details: report.details,
        createdAt: report.createdAt,
        resolvedAt: report.resolvedAt,
        resolution: report.resolution,
        reporter: student(report.reporterId),
        author: student(review?.authorId),
        review: review ? toReview(review) : null,
        chat: chat ? toChatView(chat, chat.escrowRef ? (holds.get(chat.escrowRef) ?? null) : null) : null,
      };
    });
  }

  /** Hides the reported review for good (gone from the profile) and resolves the report; audited. */
  async hide(callerId: string, reportId: string, rawReason: unknown): Promise<void> {
    await this.resolveWith(await this.operators.require(callerId), reportId, rawReason, "hidden");
  }

  /** Closes the report without action; audited. */
  async dismiss(callerId: string, reportId: string, rawReason: unknown): Promise<void> {
    await this.resolveWith(await this.operators.require(callerId), reportId, rawReason, "dismissed");
  }

  private async resolveWith(op: Operator, reportId: string, rawReason: unknown, resolution: ReviewReportResolution): Promise<void> {
    const reason = cleanReason(rawReason);
    const report = typeof reportId === "string" && reportId ? await this.c.reviews.reports.byId(reportId) : null;
    if (!report) throw notFound(M.reportNotFound);
    if (report.resolvedAt) throw conflict(M.alreadyResolved);
    const [review] = await this.c.reviews.reviewsByIds([report.reviewId]);
    await this.deps.tx(async (em) => {
      if (!(await this.c.reviews.reports.resolve(em, report.id, resolution, op.id))) throw conflict(M.alreadyResolved);
      if (resolution === "hidden") await this.c.reviews.hide(em, report.reviewId);
      await recordAction(
        em,
        {
          operatorId: op.id,
          actor: op.email,
          action: resolution === "hidden" ? "hide-review" : "dismiss",
          reportId: report.id,
          targetUserId: review?.authorId ?? null,
          reason,
          details: `review ${report.reviewId}`,
        },
        this.deps.clock.now(),
      );
    });
    this.deps.logger.info({ operatorId: op.id, reportId, resolution }, "operator action on a review report");
  }
}
