import { type EntityManager, In, LessThan, type SelectQueryBuilder } from "typeorm";
import type { Deps } from "../../shared/deps.js";
import type { UsersService } from "../accounts/users.service.js";
import { badInput, forbidden, notFound } from "../../shared/errors.js";
import { decodeTimeKey, encodeTimeKey, type TimeKey } from "../../shared/cursor.js";
import { newId } from "../../shared/ids.js";
import { checkSkip, type Connection, forwardPage, pageSize } from "../../shared/pagination.js";
import type { RateLimits } from "../../shared/rate-limit.js";
import type { BlocksService } from "../blocks/blocks.service.js";
import { ImplementApplicant } from "./implement-applicant.entity.js";
import { ImplementPost } from "./implement-post.entity.js";
import { MESSAGES, REJECTED_STATUSES, validatePost } from "./implement.rules.js";

/** The row the REST door's shapes read through this service. */
export type { ImplementPost };

export const DEFAULT_PAGE_SIZE = 10;

export interface PageRequest {
  first?: number | null;
  /** The `endCursor` of the previous page. */
  after?: string | null;
  /** Instead of `after`: how many rows of the list to pass over (REST's `?skip=` pages). */
  skip?: number | null;
}

export type PostPage = Connection<ImplementPost>;

export const POST_NOT_FOUND = "This problem does not exist or is not available to you";

/**
 * Posts: creating, listing, reading and hiding. Every list is ordered newest first on
 * (createdAt, id), a total order, so pages never repeat or skip a row; GraphQL pages on a
 * cursor over that key (stable while posts are added), REST on an offset (`skip`).
 * Students who blocked each other (either way) never see each other's posts.
 */
export class ImplementPostsService {
  constructor(
    private readonly deps: Deps,
    private readonly blocks: BlocksService,
    private readonly limits: RateLimits,
    private readonly users: Pick<UsersService, "assertVerified">,
  ) {}

  /** Inside `em`'s transaction: every write, and the reads of a unit of work. */
  private repo(em: EntityManager) {
    return em.getRepository(ImplementPost);
  }

  /** Reads outside a transaction (lists, pages, export). */
  private reader() {
    return this.deps.dataSource.getRepository(ImplementPost);
  }

  async create(ownerId: string, input: { title?: unknown; description?: unknown }): Promise<ImplementPost> {
    const { title, description } = validatePost(input);
    await this.users.assertVerified(ownerId);
    // A post our side fails to store gives its point back (spend).
    return this.limits.spend([["implement_post", ownerId]], async () => {
      const now = this.deps.clock.now();
      const post = this.reader().create({ id: newId(), ownerId, title, description, visible: true, createdAt: now, updatedAt: now });
      await this.deps.tx((em) => this.repo(em).insert(post));
      return post;
    });
  }

  /** The student's own posts, oldest first (for their data export). */
  exportFor(ownerId: string): Promise<ImplementPost[]> {
    return this.reader().find({ where: { ownerId }, order: { createdAt: "ASC" } });
  }

  /** A deleted student's posts go, with the applications to them. */
  async eraseAllOf(em: EntityManager, ownerId: string): Promise<void> {
    const posts = await this.repo(em).find({ where: { ownerId }, select: { id: true } });
    if (posts.length === 0) return;
    await em.getRepository(ImplementApplicant).delete({ postId: In(posts.map((p) => p.id)) });
    await this.repo(em).delete({ ownerId });
  }

  /** Others' problems for `viewerId`: visible, not theirs, not from a blocked owner, not from an owner who rejected them. */
  async listForViewer(viewerId: string, page: PageRequest): Promise<PostPage> {
    return this.keyset(await this.othersQuery(viewerId), page);
  }

  /** The owner's own posts, hidden ones included. */
  async listMine(ownerId: string, page: PageRequest): Promise<PostPage> {
    return this.keyset(this.mineQuery(ownerId), page);
  }

  /**
   * One post as `viewerId` may see it. The owner always sees it; anyone else gets
   * NOT_FOUND for a hidden post, one whose owner rejected them (once or permanently) or
   * one whose owner they blocked or were blocked by, exactly as for a post that does not exist.
   */
  getForViewer(viewerId: string, postId: string): Promise<ImplementPost> {
    return this.getForViewerIn(this.deps.dataSource.manager, viewerId, postId);
  }

  /** As `getForViewer`, read on `em` (a transaction's manager; the pool's for `getForViewer`). */
  async getForViewerIn(em: EntityManager, viewerId: string, postId: string): Promise<ImplementPost> {
    const post = await this.repo(em).findOne({ where: { id: String(postId) } });
    if (!post) throw notFound(POST_NOT_FOUND);
    if (post.ownerId === viewerId) return post;
    if (!post.visible) throw notFound(POST_NOT_FOUND);
    if (await this.blocks.isBlockedEitherIn(em, viewerId, post.ownerId)) throw notFound(POST_NOT_FOUND);
    const rejected = await em
      .getRepository(ImplementApplicant)
      .exists({ where: { postId: post.id, userId: viewerId, status: In([...REJECTED_STATUSES]) } });
    if (rejected) throw notFound(POST_NOT_FOUND);
    return post;
  }

  /** The post, if `ownerId` owns it (read inside `em`): NOT_FOUND when it does not exist, FORBIDDEN for anyone else. */
  async requireOwned(ownerId: string, postId: string, em: EntityManager): Promise<ImplementPost> {
    const post = await this.repo(em).findOne({ where: { id: String(postId) } });
    if (!post) throw notFound(POST_NOT_FOUND);
    if (post.ownerId !== ownerId) throw forbidden("Only the owner of this problem can do that");
    return post;
  }

  async setVisibility(ownerId: string, postId: string, visible: unknown): Promise<ImplementPost> {
    if (typeof visible !== "boolean") throw badInput("Visibility must be true or false");
    return this.deps.tx(async (em) => {
      const post = await this.requireOwned(ownerId, postId, em);
      if (visible && post.hiddenByOperatorAt) throw forbidden(MESSAGES.hiddenByOperator);
      if (post.visible !== visible) {
        post.visible = visible;
        post.updatedAt = this.deps.clock.now();
        await this.repo(em).update({ id: post.id, ownerId }, { visible, updatedAt: post.updatedAt });
      }
      return post;
    });
  }

  /** An operator hides a post for good (moderation): returns it, or NOT_FOUND. */
  async hideByOperator(em: EntityManager, postId: string): Promise<ImplementPost> {
    const post = await this.repo(em).findOne({ where: { id: String(postId) } });
    if (!post) throw notFound(POST_NOT_FOUND);
    const now = this.deps.clock.now();
    await this.repo(em).update({ id: post.id }, { visible: false, hiddenByOperatorAt: now, updatedAt: now });
    return { ...post, visible: false, hiddenByOperatorAt: now, updatedAt: now };
  }

  /** A student's posts others can still see (the moderation queue offers to hide them); at most `limit`. */
  visibleOf(ownerId: string, limit = 10, after: TimeKey | null = null): Promise<ImplementPost[]> {
    const where = after
      ? [
          { ownerId, visible: true, createdAt: LessThan(after.at) },
          { ownerId, visible: true, createdAt: after.at, id: LessThan(after.id) },
        ]
      : { ownerId, visible: true };
    return this.reader().find({ where, order: { createdAt: "DESC", id: "DESC" }, take: limit });
  }

  async byIds(ids: readonly string[]): Promise<Map<string, ImplementPost>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await this.reader().find({ where: { id: In(unique) } });
    return new Map(rows.map((p) => [p.id, p]));
  }

  private async othersQuery(viewerId: string): Promise<SelectQueryBuilder<ImplementPost>> {
    const excluded = [viewerId, ...(await this.blocks.hiddenFrom(viewerId))];
    return this.reader()
      .createQueryBuilder("p")
      .where("p.visible = :visible", { visible: true })
      .andWhere("p.ownerId NOT IN (:...excluded)", { excluded })
      .andWhere((qb) => {
        const rejectedMe = qb
          .subQuery()
          .select("1")
          .from(ImplementApplicant, "a")
          .where("a.postId = p.id")
          .andWhere("a.userId = :viewer")
          .andWhere("a.status IN (:...rejectedStatuses)")
          .getQuery();
        return `NOT EXISTS ${rejectedMe}`;
      })
      .setParameter("viewer", viewerId)
      .setParameter("rejectedStatuses", [...REJECTED_STATUSES])
      .orderBy("p.createdAt", "DESC")
      .addOrderBy("p.id", "DESC");
  }

  private mineQuery(ownerId: string): SelectQueryBuilder<ImplementPost> {
    return this.reader()
      .createQueryBuilder("p")
      .where("p.ownerId = :owner", { owner: ownerId })
      .orderBy("p.createdAt", "DESC")
      .addOrderBy("p.id", "DESC");
  }

  private async keyset(qb: SelectQueryBuilder<ImplementPost>, page: PageRequest): Promise<PostPage> {
    const first = pageSize("first", page.first, DEFAULT_PAGE_SIZE);
    if (page.skip != null) {
      if (page.after) throw badInput("Give either after or skip, not both");
      const rows = await qb
        .skip(checkSkip(page.skip, 100_000))
        .take(first + 1)
        .getMany();
      return forwardPage(rows, first, null, postCursor);
    }
    const after = page.after ? decodeTimeKey(CURSOR_KIND, page.after) : null;
    if (after) qb.andWhere("(p.createdAt < :cAt OR (p.createdAt = :cAt AND p.id < :cId))", { cAt: after.at, cId: after.id });
    const rows = await qb.take(first + 1).getMany();
    return forwardPage(rows, first, after, postCursor);
  }
}

const CURSOR_KIND = "implement-posts";

export const postCursor = (p: Pick<ImplementPost, "createdAt" | "id">): string => encodeTimeKey(CURSOR_KIND, { at: p.createdAt, id: p.id });
