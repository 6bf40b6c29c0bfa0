import type { EntityManager } from "typeorm";
import { lockRow } from "../../db/sql.js";
import { isUniqueViolation } from "../../db/transaction.js";
import type { Deps } from "../../shared/deps.js";
import { AppError, conflict, forbidden, notFound } from "../../shared/errors.js";
import { newId } from "../../shared/ids.js";
import type { RateLimits } from "../../shared/rate-limit.js";
import type { UsersService } from "../accounts/users.service.js";
import type { BlocksService } from "../blocks/blocks.service.js";
import type { ChatOpenService } from "../chat/chat-open.service.js";
import type { NotificationsService } from "../notifications/notifications.service.js";
import { ImplementApplicant } from "./implement-applicant.entity.js";
import { ImplementPost } from "./implement-post.entity.js";
import type { ImplementPostsService } from "./implement-posts.service.js";
import { type ApplicantReads, visibleApplicants } from "./implement-applicant-visibility.js";
import {
  type ApplicantStatus,
  BLOCKED_APPLICANT,
  MAX_APPLICANTS_PER_POST,
  MESSAGES,
  type RejectReasonInput,
  validateJoinDescription,
  validateRejectReason,
} from "./implement.rules.js";

/** The row the REST door's shapes read through this service. */
export type { ImplementApplicant };

export interface ApplicantCollaborators {
  users: UsersService;
  notifications: NotificationsService;
  chatOpen: ChatOpenService;
  blocks: BlocksService;
  rateLimits: RateLimits;
}

/**
 * Applicants: joining a post and the owner's decisions. Every decision is one transaction
 * with a conditional status update (`... WHERE status = <the status read>`), so of two
 * concurrent decisions on one applicant exactly one takes effect and only it notifies or
 * opens a chat; the chat module's unique pair index keeps it to one chat per pair even
 * across different posts.
 *
 * Accepting a student who already has a chat with the owner (from a swap or another
 * post) still accepts and notifies: that existing chat is where they talk, no second
 * chat is opened and the existing one is left as it is.
 */
export class ImplementApplicantsService {
  private readonly users: UsersService;
  private readonly notifications: NotificationsService;
  private readonly chatOpen: ChatOpenService;

  constructor(
    private readonly deps: Deps,
    private readonly posts: ImplementPostsService,
    private readonly c: ApplicantCollaborators,
  ) {
    this.users = c.users;
    this.notifications = c.notifications;
    this.chatOpen = c.chatOpen;
  }

  /** Inside `em`'s transaction: every write, and the reads of a unit of work. */
  private repo(em: EntityManager) {
    return em.getRepository(ImplementApplicant);
  }

  /** Reads outside a transaction (lists, loaders, export). */
  private reader() {
    return this.deps.dataSource.getRepository(ImplementApplicant);
  }

  /** Asks to join a post: once per post, never one's own, never a post one cannot see. Rate-limited per student. */
  async join(userId: string, postId: string, description: unknown): Promise<ImplementApplicant> {
    const reason = validateJoinDescription(description);
    await this.users.assertVerified(userId);
    // A join our side fails to store gives its point back (spend).
    return this.c.rateLimits.spend([["implement_join", userId]], async () => {
      const name = (await this.users.summaries([userId])).get(userId)?.name ?? "Student";
      return this.deps.tx(async (em) => {
        const post = await this.posts.getForViewerIn(em, userId, postId);
        if (post.ownerId === userId) throw forbidden("You cannot join your own problem");
        // The post's row first: joins sent at once are counted one after the other.
        await lockRow(em, ImplementPost, post.id);
        if (await this.repo(em).exists({ where: { postId: post.id, userId } })) throw alreadyJoined();
        if ((await this.repo(em).count({ where: { postId: post.id } })) >= MAX_APPLICANTS_PER_POST) {
          throw conflict(MESSAGES.tooManyApplicants);
        }
        const now = this.deps.clock.now();
        const row = this.repo(em).create({
          id: newId(),
          postId: post.id,
          userId,
          userName: name,
          description: reason,
          status: "pending",
          reason: null,
          createdAt: now,
          updatedAt: now,
        });
        try {
          await this.repo(em).insert(row);
        } catch (e) {
          if (isUniqueViolation(e)) throw alreadyJoined();
          throw e;
        }
        return row;
      });
    });
  }

  /**
   * The owner accepts an applicant (pending, or rejected once): the applicant is told
   * (acceptImplementUser) and a chat between them about the post is opened unless the pair
   * already has one. Accepting an accepted applicant changes nothing. A student blocked
   * either way (a rejected swap, a report) cannot be accepted: that would open a chat.
   */
  async accept(ownerId: string, postId: string, applicantId: string): Promise<ImplementApplicant> {
    return this.deps.tx(async (em) => {
      const post = await this.posts.requireOwned(ownerId, postId, em);
      const app = await this.requireApplicant(post.id, applicantId, em);
      if (app.status === "accepted") return app;
      if (app.status === "rejected_permanently") throw conflict("This student was rejected permanently");
      if (await this.c.blocks.isBlockedEitherIn(em, ownerId, app.userId)) throw conflict(BLOCKED_APPLICANT);
      if (!(await this.move(app, "accepted", null, em))) return this.requireApplicant(post.id, applicantId, em);
      // A pair has one chat: one they finished (or that was reported) before takes no new messages, so the
      // applicant is not promised a chat they cannot use.
      const canChat = (await this.ensureChat(post, app.userId, em)) || (await this.chatInProgress(post.ownerId, app.userId, em));
      await this.notifications.notify(
        {
          recipientId: app.userId,
          notifierId: ownerId,
          type: "acceptImplementUser",
          message: `Your request to join "${post.title}" was accepted. ${canChat ? "You can now chat with the owner." : CHAT_ENDED}`,
          refId: post.id,
        },
        em,
      );
      return app;
    });
  }

  /**
   * The owner rejects an applicant with a reason, once (the owner may still accept them
   * later) or permanently (final). Either way the post disappears for the applicant, who
   * is told why (rejectImplementUser). Repeating the same rejection changes nothing.
   */
  async reject(
    ownerId: string,
    postId: string,
    applicantId: string,
    input: RejectReasonInput,
    permanent: boolean,
  ): Promise<ImplementApplicant> {
    const reason = validateRejectReason(input.reason, input.otherReason);
    const target: ApplicantStatus = permanent ? "rejected_permanently" : "rejected";
    return this.deps.tx(async (em) => {
      const post = await this.posts.requireOwned(ownerId, postId, em);
      const app = await this.requireApplicant(post.id, applicantId, em);
      if (app.status === target) return app;
      if (app.status === "rejected_permanently") throw conflict("This student was already rejected permanently");
      if (!(await this.move(app, target, reason, em))) return this.requireApplicant(post.id, applicantId, em);
      await this.notifications.notify(
        {
          recipientId: app.userId,
          notifierId: ownerId,
          type: "rejectImplementUser",
          message: `Your request to join "${post.title}" was rejected. Reason: ${reason}`,
          refId: post.id,
        },
        em,
      );
      return app;
    });
  }

  /** The student's applications to others' posts, oldest first (for their data export). */
  exportFor(userId: string): Promise<ImplementApplicant[]> {
    return this.reader().find({ where: { userId }, order: { createdAt: "ASC" } });
  }

  /** A deleted student's applications (their name and reasons to join) go. */
  async eraseAllOf(em: EntityManager, userId: string): Promise<void> {
    await this.repo(em).delete({ userId });
  }

  /** Every applicant of each post, in the order they asked (bounded per post at join time). */
  async applicantsOf(postIds: readonly string[]): Promise<Map<string, ImplementApplicant[]>> {
    const ids = [...new Set(postIds)];
    const out = new Map<string, ImplementApplicant[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return out;
    const rows = await this.reader()
      .createQueryBuilder("a")
      .where("a.postId IN (:...ids)", { ids })
      .orderBy("a.createdAt", "ASC")
      .addOrderBy("a.id", "ASC")
      .getMany();
    for (const r of rows) out.get(r.postId)!.push(r);
    return out;
  }

  /** `userId`'s own application to each of `postIds` (absent when they have not asked). */
  async applicationsOf(userId: string, postIds: readonly string[]): Promise<Map<string, ImplementApplicant>> {
    const ids = [...new Set(postIds)];
    if (ids.length === 0) return new Map();
    const rows = await this.reader()
      .createQueryBuilder("a")
      .where("a.userId = :userId", { userId })
      .andWhere("a.postId IN (:...ids)", { ids })
      .getMany();
    return new Map(rows.map((r) => [r.postId, r]));
  }

  /**
   * Old client, `POST /user/chat/{ownerId}/open` after accepting: makes sure the owner and a
   * student they accepted to one of their posts have a chat. Idempotent; FORBIDDEN unless
   * such an accepted application exists.
   */
  async ensureChatWithAccepted(ownerId: string, otherUserId: string): Promise<{ opened: boolean }> {
    return this.deps.tx(async (em) => {
      const post = await this.postWithApplicant(em, ownerId, otherUserId, ["accepted"]);
      if (!post) throw forbidden("You can only open a chat with a student you accepted to one of your problems");
      if (await this.c.blocks.isBlockedEitherIn(em, ownerId, otherUserId)) throw conflict(BLOCKED_APPLICANT);
      return { opened: await this.ensureChat(post, otherUserId, em) };
    });
  }

  /** Applicants each post shows to `viewerId` (see visibleApplicants); `read` may be a request's loaders. */
  visibleTo(viewerId: string, posts: ReadonlyArray<Pick<ImplementPost, "id" | "ownerId">>, read: ApplicantReads = this) {
    return visibleApplicants(viewerId, posts, read);
  }

  /** The statuses of `userId`'s applications to `ownerId`'s posts (none when they never asked one), for the owner only: it is their own posts' record. */
  async statusesWithOwner(ownerId: string, userId: string): Promise<ApplicantStatus[]> {
    const rows = await this.reader()
      .createQueryBuilder("a")
      .innerJoin(ImplementPost, "p", "p.id = a.postId")
      .select("DISTINCT a.status", "status")
      .where("p.ownerId = :ownerId", { ownerId })
      .andWhere("a.userId = :userId", { userId })
      .getRawMany<{ status: ApplicantStatus }>();
    return rows.map((r) => r.status);
  }

  /** `userId`'s application in one of `statuses` to one of `ownerId`'s posts, read in `em`'s transaction. */
  private async postWithApplicant(em: EntityManager, ownerId: string, userId: string, statuses: ApplicantStatus[]) {
    return em
      .getRepository(ImplementPost)
      .createQueryBuilder("p")
      .innerJoin(ImplementApplicant, "a", "a.postId = p.id")
      .where("p.ownerId = :ownerId", { ownerId })
      .andWhere("a.userId = :userId", { userId })
      .andWhere("a.status IN (:...statuses)", { statuses })
      .orderBy("a.updatedAt", "DESC")
      .getOne();
  }

  private async requireApplicant(postId: string, userId: string, em: EntityManager): Promise<ImplementApplicant> {
    const app = await this.repo(em).findOne({ where: { postId, userId: String(userId) } });
    if (!app) throw notFound("This student has not asked to join this problem");
    return app;
  }

  /** Conditional on the status read, so only one of two racing decisions takes effect. */
  private async move(app: ImplementApplicant, to: ApplicantStatus, reason: string | null, em: EntityManager): Promise<boolean> {
    const now = this.deps.clock.now();
    const res = await this.repo(em)
      .createQueryBuilder()
      .update(ImplementApplicant)
      .set({ status: to, reason, updatedAt: now })
      .where("id = :id AND status = :from", { id: app.id, from: app.status })
      .execute();
    if (!res.affected) return false;
    Object.assign(app, { status: to, reason, updatedAt: now });
    return true;
  }

  /** Whether the pair's chat takes messages; none readable here is one a concurrent accept has just opened. */
  private async chatInProgress(a: string, b: string, em: EntityManager): Promise<boolean> {
    const chat = await this.chatOpen.findBetween(a, b, em);
    return !chat || chat.status === "in_progress";
  }

  /** Opens the pair's chat about the post unless they already have one. True when it opened one. */
  private async ensureChat(post: ImplementPost, applicantId: string, em: EntityManager): Promise<boolean> {
    if (await this.chatOpen.existsBetween(post.ownerId, applicantId, em)) return false;
    try {
      await this.chatOpen.open({ kind: "implement", requesterId: applicantId, receiverId: post.ownerId, title: post.title }, em);
      return true;
    } catch (e) {
      // A concurrent decision for the same pair (another post) opened it first.
      if (e instanceof AppError && e.code === "CONFLICT") return false;
      throw e;
    }
  }
}

/** The end of an accepted applicant's notice when the pair's one chat has ended (finished or reported before). */
export const CHAT_ENDED = "Your chat with the owner has ended, so it takes no new messages.";

const alreadyJoined = () => conflict("You have already asked to join this problem");
