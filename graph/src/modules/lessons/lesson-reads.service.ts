import { type DataSource, type EntityManager, In } from "typeorm";
import { LESSON_MESSAGES as M } from "../../../../common/lessons.js";
import { rawQuery } from "../../db/sql.js";
import type { Deps } from "../../shared/deps.js";
import { notFound } from "../../shared/errors.js";
import { decodeTimeKey, encodeTimeKey } from "../../shared/cursor.js";
import { pageSize } from "../../shared/pagination.js";
import type { ChatService } from "../chat/chat.service.js";
import { Lesson, type LessonRecord, LessonSlot } from "./lesson.entity.js";
import { DEFAULT_LESSONS_PAGE, MAX_LESSONS_PAGE } from "./lesson.rules.js";

export interface LessonPage {
  items: LessonRecord[];
  /** Each item's cursor (pass one as `after` for what follows it). */
  cursors: string[];
  endCursor: string | null;
  hasNextPage: boolean;
  /** The page starts after a cursor (more lie before it). */
  hasPreviousPage: boolean;
}

// One cursor format for every list (shared/cursor.ts), one kind per list so a cursor of one is refused by the other.
const CHAT_LESSONS = "lessons";
const UPCOMING_LESSONS = "upcoming-lessons";
const decodeCursor = (kind: string, raw: string | null | undefined) => (raw ? decodeTimeKey(kind, raw) : null);
const pageSizeOf = (first: number | null | undefined) => pageSize("first", first, DEFAULT_LESSONS_PAGE, MAX_LESSONS_PAGE);

/**
 * Reading lessons: a chat's lessons and the caller's upcoming ones (cursor pages), lessons held per
 * chat, one lesson with its slots (for LessonsService's changes) and a student's export.
 */
export class LessonReadsService {
  constructor(
    private readonly deps: Deps,
    private readonly chats: Pick<ChatService, "require">,
  ) {}

  /** Lists and exports read through the pool; `load` and `requireOwn` inside the caller's transaction. */
  private get pool(): DataSource {
    return this.deps.dataSource;
  }

  /** A chat's lessons, newest proposal first (participants only). */
  async ofChat(me: string, chatWith: unknown, opts: { first?: number | null; after?: string | null } = {}): Promise<LessonPage> {
    const chat = await this.chats.require(me, chatWith);
    const take = pageSizeOf(opts.first);
    const cursor = decodeCursor(CHAT_LESSONS, opts.after);
    const q = this.pool.getRepository(Lesson).createQueryBuilder("l").where("l.chatId = :chatId", { chatId: chat.id });
    if (cursor) q.andWhere("(l.createdAt < :at OR (l.createdAt = :at AND l.id < :id))", cursor);
    const rows = await q
      .orderBy("l.createdAt", "DESC")
      .addOrderBy("l.id", "DESC")
      .take(take + 1)
      .getMany();
    return this.page(rows, take, cursor !== null, (l) => encodeTimeKey(CHAT_LESSONS, { at: l.createdAt, id: l.id }));
  }

  /** The caller's scheduled lessons that have not ended, soonest first. */
  async upcoming(me: string, opts: { first?: number | null; after?: string | null } = {}): Promise<LessonPage> {
    const now = this.deps.clock.now();
    const take = pageSizeOf(opts.first);
    const cursor = decodeCursor(UPCOMING_LESSONS, opts.after);
    const q = this.pool
      .getRepository(Lesson)
      .createQueryBuilder("l")
      .where("(l.proposerId = :me OR l.partnerId = :me) AND l.status = 'scheduled' AND l.endsAt > :now", { me, now });
    if (cursor) q.andWhere("(l.startsAt > :at OR (l.startsAt = :at AND l.id > :id))", cursor);
    const rows = await q
      .orderBy("l.startsAt", "ASC")
      .addOrderBy("l.id", "ASC")
      .take(take + 1)
      .getMany();
    return this.page(rows, take, cursor !== null, (l) => encodeTimeKey(UPCOMING_LESSONS, { at: l.startsAt!, id: l.id }));
  }

  /** Lessons held (scheduled and ended by now) in each chat, for the finish rule's explanation. */
  async heldInChats(chatIds: readonly string[]): Promise<Map<string, number>> {
    const ids = [...new Set(chatIds)];
    if (ids.length === 0) return new Map();
    const rows = await this.pool
      .getRepository(Lesson)
      .createQueryBuilder("l")
      .select("l.chatId", "chatId")
      .addSelect("COUNT(*)", "n")
      .where("l.chatId IN (:...ids) AND l.status = 'scheduled' AND l.endsAt <= :now", { ids, now: this.deps.clock.now() })
      .groupBy("l.chatId")
      .getRawMany<{ chatId: string; n: number | string }>();
    return new Map(rows.map((r) => [r.chatId, Number(r.n)]));
  }

  /**
   * Lessons held per student (either side; scheduled, never cancelled) that ended in [from, to) and
   * by `now`: the leaderboard's period views. One statement: over idx_lessons_held for everyone, or
   * (`ids`: only those students, a patch after a change naming them) over idx_lessons_proposer and
   * idx_lessons_partner.
   */
  async heldBetween(from: Date, to: Date, now: Date, ids?: readonly string[]): Promise<Array<{ userId: string; count: number }>> {
    if (ids && ids.length === 0) return [];
    const until = to.getTime() <= now.getTime() ? { op: "<", at: to } : { op: "<=", at: now };
    const where = `l.status = 'scheduled' AND l.endsAt >= :from AND l.endsAt ${until.op} :until`;
    const rows = await rawQuery<{ userId: string; n: number | string }>(
      this.pool,
      `SELECT l.proposerId AS userId, COUNT(*) AS n FROM lessons l WHERE ${ids ? "l.proposerId IN (:...ids) AND " : ""}${where} GROUP BY l.proposerId
       UNION ALL
       SELECT l.partnerId AS userId, COUNT(*) AS n FROM lessons l WHERE ${ids ? "l.partnerId IN (:...ids) AND " : ""}${where} GROUP BY l.partnerId`,
      { from, until: until.at, ...(ids ? { ids } : {}) },
    );
    const byUser = new Map<string, number>();
    for (const r of rows) byUser.set(r.userId, (byUser.get(r.userId) ?? 0) + Number(r.n));
    return [...byUser].map(([userId, count]) => ({ userId, count }));
  }

  private async page(rows: Lesson[], take: number, afterCursor: boolean, cursorOf: (l: Lesson) => string): Promise<LessonPage> {
    const items = await this.withSlots(rows.slice(0, take), this.pool);
    const cursors = items.map(cursorOf);
    return {
      items,
      cursors,
      hasNextPage: rows.length > take,
      hasPreviousPage: afterCursor,
      endCursor: cursors[cursors.length - 1] ?? null,
    };
  }

  private async withSlots(rows: Lesson[], reader: DataSource | EntityManager): Promise<LessonRecord[]> {
    if (rows.length === 0) return [];
    const slots = await reader.getRepository(LessonSlot).find({
      where: { lessonId: In(rows.map((r) => r.id)) },
      order: { lessonId: "ASC", position: "ASC" },
    });
    const by = new Map<string, LessonSlot[]>();
    for (const s of slots) by.set(s.lessonId, [...(by.get(s.lessonId) ?? []), s]);
    return rows.map((r) => ({ ...r, slots: by.get(r.id) ?? [] }));
  }

  /** One lesson with its slots (read inside `em` after a change). */
  async load(id: string, em: EntityManager): Promise<LessonRecord> {
    const row = await em.getRepository(Lesson).findOneOrFail({ where: { id } });
    return (await this.withSlots([row], em))[0]!;
  }

  /** The lesson if the caller is one of its two students; NOT_FOUND otherwise (nobody learns it exists). */
  async requireOwn(me: string, lessonId: unknown, em: EntityManager): Promise<LessonRecord> {
    if (typeof lessonId !== "string" || !lessonId || lessonId.length > 36) throw notFound(M.notFound);
    const row = await em.getRepository(Lesson).findOne({ where: { id: lessonId } });
    if (!row || (row.proposerId !== me && row.partnerId !== me)) throw notFound(M.notFound);
    return (await this.withSlots([row], em))[0]!;
  }

  // ---- a student's own data -------------------------------------------------------------------

  /** Every lesson the student proposed or was offered, with its slots (for their data export). */
  async exportFor(userId: string): Promise<
    Array<{
      id: string;
      chatId: string;
      proposedByMe: boolean;
      status: string;
      timezone: string;
      startsAt: Date | null;
      durationMinutes: number | null;
      createdAt: Date;
      slots: Array<{ startsAt: Date; durationMinutes: number }>;
    }>
  > {
    const rows = await this.pool.getRepository(Lesson).find({
      where: [{ proposerId: userId }, { partnerId: userId }],
      order: { createdAt: "ASC", id: "ASC" },
    });
    return (await this.withSlots(rows, this.pool)).map((l) => ({
      id: l.id,
      chatId: l.chatId,
      proposedByMe: l.proposerId === userId,
      status: l.status,
      timezone: l.timezone,
      startsAt: l.startsAt,
      durationMinutes: l.durationMinutes,
      createdAt: l.createdAt,
      slots: l.slots.map((s) => ({ startsAt: s.startsAt, durationMinutes: s.durationMinutes })),
    }));
  }
}
