import { type EntityManager, In, IsNull } from "typeorm";
import { REVIEW_MESSAGES, REVIEW_WINDOW_DAYS } from "../../../../common/reviews.js";
import { entityQuery } from "../../db/sql.js";
import { isUniqueViolation } from "../../db/transaction.js";
import { DAY } from "../../shared/clock.js";
import { decodeTimeKey, encodeTimeKey, type TimeKey } from "../../shared/cursor.js";
import type { Deps } from "../../shared/deps.js";
import { conflict, forbidden, notFound } from "../../shared/errors.js";
import { newId } from "../../shared/ids.js";
import { type Connection, forwardPage, pageSize } from "../../shared/pagination.js";
import type { BlocksService } from "../blocks/blocks.service.js";
import type { Chat, ChatService } from "../chat/chat.service.js";
import { Review, type ReviewReport, ReviewReportResolution } from "./review.entity.js";
import { ReviewReportsService } from "./review-reports.service.js";
import { cleanAnswerText, cleanReviewText, MAX_REVIEWS_PAGE, type Paging, REVIEWS_PAGE_SIZE } from "./review.rules.js";

export type { Paging, Review, ReviewReport };
/** How operators resolve a review report (the moderation module registers it as a GraphQL enum). */
export { ReviewReportResolution };

export interface ReviewsCollaborators {
  chats: Pick<ChatService, "require" | "requireIn" | "announce">;
  blocks: Pick<BlocksService, "isBlockedEither" | "isBlockedEitherIn">;
}

/** Where the caller stands with the review of one chat (the chat page's form). */
export interface ChatReviewState {
  /** The finish plus the window: the last moment to write, and when a lone review is shown. Null until the chat is completed. */
  writableUntil: Date | null;
  canWrite: boolean;
  /** Why the caller cannot write one now (null when they can, or when they already have). */
  reason: string | null;
  mine: Review | null;
}

const PROFILE_CURSOR = "reviews";
const PENDING_CURSOR = "reviews-pending";
const WINDOW_MS = REVIEW_WINDOW_DAYS * DAY;
const M = REVIEW_MESSAGES;

/**
 * Written reviews of a finished chat, double-blind: each participant writes one about the other
 * within REVIEW_WINDOW_DAYS of the finish; a review is shown on the subject's profile once both
 * have written theirs or when the window ends (`visibleAt`, computed from stored times, no job).
 * Never editable: a review is final once submitted (the author can read it while it waits). The
 * subject answers each shown review once and may report it to the operators (`reports`), who can hide it.
 */
export class ReviewsService {
  /** Reports of reviews: the subject's, and the operators' queue (the moderation module). */
  readonly reports: ReviewReportsService;

  constructor(
    private readonly deps: Deps,
    private readonly c: ReviewsCollaborators,
  ) {
    this.reports = new ReviewReportsService(deps, this);
  }

  /** Inside `em`'s transaction: every write, and the reads of a unit of work. */
  private repo(em: EntityManager) {
    return em.getRepository(Review);
  }

  /** Reads outside a transaction (pages, the moderation queue, export). */
  private reader() {
    return this.deps.dataSource.getRepository(Review);
  }

  /** Whether `chat` is one the caller may review now (the reason when not). */
  private writable(chat: Chat, now: Date): { until: Date | null; reason: string | null } {
    if (chat.status !== "completed" || !chat.endedAt) return { until: null, reason: M.notFinished };
    const until = new Date(chat.endedAt.getTime() + WINDOW_MS);
    return { until, reason: now.getTime() >= until.getTime() ? M.windowClosed : null };
  }

  /**
   * The caller reviews their partner of the chat with `otherId`: only a participant (NOT_FOUND
   * otherwise), of a completed chat, within the window (CONFLICT), not when either blocked the
   * other (FORBIDDEN), once (CONFLICT). When the partner's review is already there, both become
   * visible now; otherwise this one waits until the window ends.
   */
  async write(me: string, otherId: unknown, rawText: unknown): Promise<Review> {
    const text = cleanReviewText(rawText);
    let shownBoth: Chat | null = null;
    const written = await this.deps.tx(async (em) => {
      const chat = await this.c.chats.requireIn(em, me, otherId);
      const now = this.deps.clock.now();
      const { until, reason } = this.writable(chat, now);
      if (reason || !until) throw conflict(reason ?? M.notFinished);
      const byRequester = chat.requesterId === me;
      const subjectId = byRequester ? chat.receiverId : chat.requesterId;
      if (await this.c.blocks.isBlockedEitherIn(em, me, subjectId)) throw forbidden(M.blocked);
      const learned = byRequester
        ? { skill: chat.requesterLearnsSkill, category: chat.requesterLearnsCategory }
        : { skill: chat.receiverLearnsSkill, category: chat.receiverLearnsCategory };
      const taught = byRequester
        ? { skill: chat.receiverLearnsSkill, category: chat.receiverLearnsCategory }
        : { skill: chat.requesterLearnsSkill, category: chat.requesterLearnsCategory };
      const about = learned.skill ? learned : taught;
      const review: Review = {
        id: newId(),
        chatId: chat.id,
        authorId: me,
        subjectId,
        skill: about.skill,
        category: about.skill ? (about.category ?? "Other") : null,
        authorLearned: Boolean(learned.skill) || !taught.skill,
        stars: (byRequester ? chat.requesterStars : chat.receiverStars) ?? null,
        text,
        createdAt: now,
        visibleAt: until,
        answer: null,
        answeredAt: null,
        hiddenAt: null,
      };
      try {
        // A copy: TypeORM writes the row's defaulted columns back into what it inserts, and MariaDB's
        // `authorLearned` would come back as the raw 1 (the REST answer's boolean read 1).
        await this.repo(em).insert({ ...review });
      } catch (e) {
        if (isUniqueViolation(e)) throw conflict(M.alreadyWritten);
        throw e;
      }
      // The second review shows both. Of two concurrent writes each updates the other's row: on
      // MariaDB one waits for (or deadlocks with, and is retried after) the other, so the later
      // one always sees the first; SQLite runs them one after the other.
      const partner = await this.repo(em)
        .createQueryBuilder()
        .update(Review)
        .set({ visibleAt: now })
        .where("chatId = :chat AND authorId = :partner AND visibleAt > :now", { chat: chat.id, partner: subjectId, now })
        .execute();
      if (partner.affected) {
        await this.repo(em).update({ id: review.id }, { visibleAt: now });
        review.visibleAt = now;
        shownBoth = chat;
      }
      return review;
    });
    // The partner's open chat page said their review waits for this one: told once committed (it reads its state
    // again), and before this answer, so no read of it outlives the request.
    if (shownBoth) await this.c.chats.announce(shownBoth);
    return written;
  }

  /** The caller's review state for the chat with `otherId` (NOT_FOUND when there is no such chat). */
  async chatState(me: string, otherId: unknown): Promise<ChatReviewState> {
    const chat = await this.c.chats.require(me, otherId);
    const now = this.deps.clock.now();
    const { until, reason } = this.writable(chat, now);
    const mine = await this.reader().findOne({ where: { chatId: chat.id, authorId: me } });
    if (mine || reason) return { writableUntil: until, canWrite: false, reason: mine ? null : reason, mine };
    const blocked = await this.c.blocks.isBlockedEither(me, chat.requesterId === me ? chat.receiverId : chat.requesterId);
    return { writableUntil: until, canWrite: !blocked, reason: blocked ? M.blocked : null, mine: null };
  }

  /**
   * The reviews shown on a student's profile: visible by now, not hidden, newest shown first,
   * keyset-paged on (visibleAt, id) through idx_reviews_subject_visible.
   */
  async ofProfile(subjectId: string, opts: Paging = {}): Promise<Connection<Review>> {
    const first = pageSize("first", opts.first, REVIEWS_PAGE_SIZE, MAX_REVIEWS_PAGE);
    const after = opts.after ? decodeTimeKey(PROFILE_CURSOR, opts.after) : null;
    const rows = await this.profileRows(String(subjectId), first + 1, after);
    return forwardPage(rows, first, after, (r) => encodeTimeKey(PROFILE_CURSOR, { at: r.visibleAt, id: r.id }));
  }

  private profileRows(subjectId: string, take: number, after: TimeKey | null): Promise<Review[]> {
    return entityQuery(
      this.deps.dataSource,
      Review,
      `SELECT * FROM reviews WHERE subjectId = :subject AND visibleAt <= :now AND hiddenAt IS NULL` +
        (after ? " AND (visibleAt < :at OR (visibleAt = :at AND id < :id))" : "") +
        ` ORDER BY visibleAt DESC, id DESC LIMIT ${Math.floor(take)}`,
      { subject: subjectId, now: this.deps.clock.now(), ...(after ? { at: after.at, id: after.id } : {}) },
    );
  }

  /** The reviews shown about the caller (their profile's list) and which of them they reported. */
  async aboutMe(me: string, opts: Paging = {}): Promise<{ page: Connection<Review>; reported: Set<string> }> {
    const page = await this.ofProfile(me, opts);
    return {
      page,
      reported: await this.reports.reportedBy(
        me,
        page.edges.map((e) => e.node.id),
      ),
    };
  }

  /** Reviews the caller wrote that are not shown yet (double-blind), newest first. */
  async pendingBy(me: string, opts: Paging = {}): Promise<Connection<Review>> {
    const first = pageSize("first", opts.first, REVIEWS_PAGE_SIZE, MAX_REVIEWS_PAGE);
    const after = opts.after ? decodeTimeKey(PENDING_CURSOR, opts.after) : null;
    const rows = await entityQuery(
      this.deps.dataSource,
      Review,
      `SELECT * FROM reviews WHERE authorId = :me AND visibleAt > :now` +
        (after ? " AND (createdAt < :at OR (createdAt = :at AND id < :id))" : "") +
        ` ORDER BY createdAt DESC, id DESC LIMIT ${first + 1}`,
      { me, now: this.deps.clock.now(), ...(after ? { at: after.at, id: after.id } : {}) },
    );
    return forwardPage(rows, first, after, (r) => encodeTimeKey(PENDING_CURSOR, { at: r.createdAt, id: r.id }));
  }

  /** A review the caller, as its subject, can act on (answer, report): shown and not hidden. */
  async subjectsReview(me: string, reviewId: unknown, em: EntityManager): Promise<Review> {
    const review = typeof reviewId === "string" && reviewId ? await this.repo(em).findOne({ where: { id: reviewId } }) : null;
    // Someone else's review, or one not shown yet, is not there for the caller.
    if (!review || review.hiddenAt || (review.subjectId !== me && review.authorId !== me)) throw notFound(M.reviewNotFound);
    if (review.subjectId !== me) throw forbidden(M.notYourReview);
    if (review.visibleAt.getTime() > this.deps.clock.now().getTime()) throw notFound(M.reviewNotFound);
    return review;
  }

  /** The subject answers a shown review once, publicly (1..500 characters). */
  async answer(me: string, reviewId: unknown, rawText: unknown): Promise<Review> {
    const text = cleanAnswerText(rawText);
    return this.deps.tx(async (em) => {
      const review = await this.subjectsReview(me, reviewId, em);
      const now = this.deps.clock.now();
      const res = await this.repo(em).update({ id: review.id, answer: IsNull() }, { answer: text, answeredAt: now });
      if (!res.affected) throw conflict(M.alreadyAnswered);
      return { ...review, answer: text, answeredAt: now };
    });
  }

  // --- For the moderation module -------------------------------------------------------------

  reviewsByIds(ids: readonly string[]): Promise<Review[]> {
    return ids.length ? this.reader().find({ where: { id: In([...new Set(ids)]) } }) : Promise.resolve([]);
  }

  /** Hides a review for good inside `em` (false when it was hidden already). */
  async hide(em: EntityManager, reviewId: string): Promise<boolean> {
    const res = await this.repo(em).update({ id: reviewId, hiddenAt: IsNull() }, { hiddenAt: this.deps.clock.now() });
    return (res.affected ?? 0) > 0;
  }

  // --- A student's own data ------------------------------------------------------------------

  /** Reviews the student wrote (shown or not) and those about them that are shown (hidden ones flagged), with answers. */
  async exportFor(userId: string) {
    const now = this.deps.clock.now();
    const [written, received, reports] = await Promise.all([
      this.reader().find({ where: { authorId: userId }, order: { createdAt: "ASC" } }),
      this.reader().find({ where: { subjectId: userId }, order: { visibleAt: "ASC" } }),
      this.reports.madeBy(userId),
    ]);
    const shape = (r: Review) => ({
      id: r.id,
      chatId: r.chatId,
      skill: r.skill,
      stars: r.stars,
      text: r.text,
      writtenAt: r.createdAt,
      shownFrom: r.visibleAt,
      hidden: r.hiddenAt !== null,
      answer: r.answer,
      answeredAt: r.answeredAt,
    });
    return {
      written: written.map((r) => ({ ...shape(r), aboutId: r.subjectId })),
      // A review about the student that is not shown yet stays blind, in the export as on the page.
      received: received.filter((r) => r.visibleAt.getTime() <= now.getTime()).map((r) => ({ ...shape(r), authorId: r.authorId })),
      reportsMade: reports.map((r) => ({ reviewId: r.reviewId, reason: r.reason, details: r.details, createdAt: r.createdAt })),
    };
  }

  /**
   * Account deletion: the reviews the student wrote and those about them (with the answers on
   * them, the student's own answers included) are deleted, with their reports. Removed rather than
   * anonymised: a review's text names and describes the partner, and a profile that is gone has
   * no page to show reviews about it.
   */
  async eraseAllOf(em: EntityManager, userId: string): Promise<number> {
    const ids = (await this.repo(em).find({ select: { id: true }, where: [{ authorId: userId }, { subjectId: userId }] })).map((r) => r.id);
    if (ids.length === 0) return 0;
    await this.reports.deleteOf(em, ids);
    await this.repo(em).delete({ id: In(ids) });
    return ids.length;
  }
}
