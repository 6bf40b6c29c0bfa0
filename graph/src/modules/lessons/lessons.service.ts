import { type EntityManager, In } from "typeorm";
import { LESSON_MESSAGES as M, LESSON_REMINDER_MINUTES, MAX_OPEN_PROPOSALS } from "../../../../common/lessons.js";
import { afterCommit } from "../../db/transaction.js";
import type { BackgroundTasks } from "../../shared/background.js";
import { MINUTE } from "../../shared/clock.js";
import type { Deps } from "../../shared/deps.js";
import { badInput, conflict, notFound } from "../../shared/errors.js";
import { decodeTimeKey, encodeTimeKey } from "../../shared/cursor.js";
import { newId } from "../../shared/ids.js";
import { pageSize } from "../../shared/pagination.js";
import type { UsersService } from "../accounts/users.service.js";
import type { Chat, ChatService } from "../chat/chat.service.js";
import type { JobRunner } from "../jobs/job-runner.js";
import { Lesson, LessonSlot } from "./lesson.entity.js";
import type { LessonMailKind } from "./lesson-mails.js";
import { LessonNotices } from "./lesson-notices.js";
import { cleanSlot, cleanSlots, cleanTimezone } from "./lesson.rules.js";

export const REMINDER_JOB = "lesson-reminders";
const REMINDER_EVERY = 5 * MINUTE;
export const DEFAULT_LESSONS_PAGE = 20;
export const MAX_LESSONS_PAGE = 50;

/** A lesson with its slots, as both doors show it. */
export type LessonRecord = Lesson & { slots: LessonSlot[] };

export interface LessonPage {
  items: LessonRecord[];
  /** Each item's cursor (pass one as `after` for what follows it). */
  cursors: string[];
  endCursor: string | null;
  hasNextPage: boolean;
  /** The page starts after a cursor (more lie before it). */
  hasPreviousPage: boolean;
}

/** What lessons need from chat (ChatService fits). */
export type LessonChats = Pick<ChatService, "require" | "stateError" | "chatsByIds">;

// One cursor format for every list (shared/cursor.ts), one kind per list so a cursor of one is refused by the other.
const CHAT_LESSONS = "lessons";
const UPCOMING_LESSONS = "upcoming-lessons";
const decodeCursor = (kind: string, raw: string | null | undefined) => (raw ? decodeTimeKey(kind, raw) : null);
const pageSizeOf = (first: number | null | undefined) => pageSize("first", first, DEFAULT_LESSONS_PAGE, MAX_LESSONS_PAGE);

/**
 * Scheduled lessons in a chat: either participant proposes slots, the other accepts one, and
 * both get a calendar invitation (the lesson's id is its UID; a reschedule or cancellation sends
 * the next SEQUENCE). A job mails each a reminder once, shortly before the start. Every change
 * reaches both chat pages through LESSON_CHANGED.
 */
export class LessonsService {
  constructor(
    private readonly deps: Deps,
    private readonly c: {
      chats: LessonChats;
      users: Pick<UsersService, "summaries" | "mailRecipients">;
      background: BackgroundTasks;
    },
  ) {
    this.notices = new LessonNotices(deps, c);
  }

  /** Invitation and reminder mails, and the realtime event. */
  private readonly notices: LessonNotices;

  private lessons(em?: EntityManager) {
    return (em ?? this.deps.dataSource.manager).getRepository(Lesson);
  }

  private slots(em?: EntityManager) {
    return (em ?? this.deps.dataSource.manager).getRepository(LessonSlot);
  }

  /** Registers the reminder job with the runner. */
  schedule(jobs: JobRunner): void {
    jobs.register({
      name: REMINDER_JOB,
      every: REMINDER_EVERY,
      leaseMs: 10 * MINUTE,
      run: async (now) => void (await this.sendReminders(now)),
    });
  }

  // ---- proposing and answering ---------------------------------------------------------------

  /** The caller proposes 1..5 future slots in their chat with `chatWith` (in progress only). */
  async propose(me: string, chatWith: unknown, input: { slots: unknown; timezone: unknown }): Promise<LessonRecord> {
    const now = this.deps.clock.now();
    const timezone = cleanTimezone(input.timezone);
    const slots = cleanSlots(input.slots, now);
    const lesson = await this.deps.tx(async (em) => {
      const chat = await this.activeChat(me, chatWith, em);
      const open = await this.lessons(em).count({ where: { chatId: chat.id, status: "proposed" } });
      if (open >= MAX_OPEN_PROPOSALS) throw conflict(M.tooManyOpen);
      const row: Lesson = {
        id: newId(),
        chatId: chat.id,
        proposerId: me,
        partnerId: chat.requesterId === me ? chat.receiverId : chat.requesterId,
        timezone,
        status: "proposed",
        startsAt: null,
        durationMinutes: null,
        endsAt: null,
        sequence: 0,
        remindedAt: null,
        createdAt: now,
        acceptedAt: null,
        cancelledAt: null,
        cancelledById: null,
      };
      await this.lessons(em).insert(row);
      const slotRows = slots.map((s, position) => ({ id: newId(), lessonId: row.id, position, ...s }));
      await this.slots(em).insert(slotRows);
      const record = { ...row, slots: slotRows };
      afterCommit(em, () => this.notices.publish(record));
      return record;
    });
    return lesson;
  }

  /** The partner (never the proposer) accepts one slot of a waiting proposal: one accept wins. */
  async accept(me: string, lessonId: unknown, slotId: unknown): Promise<LessonRecord> {
    const now = this.deps.clock.now();
    const record = await this.deps.tx(async (em) => {
      const lesson = await this.requireOwn(me, lessonId, em);
      if (lesson.proposerId === me) throw badInput(M.ownProposal);
      if (lesson.status !== "proposed") throw conflict(M.notProposed);
      await this.activeChat(me, lesson.proposerId, em);
      const slot = lesson.slots.find((s) => s.id === slotId);
      if (!slot) throw badInput(M.slotNotInProposal, { field: "slotId" });
      if (slot.startsAt.getTime() <= now.getTime()) throw badInput(M.slotPast, { field: "slotId" });
      const endsAt = new Date(slot.startsAt.getTime() + slot.durationMinutes * MINUTE);
      const res = await this.lessons(em).update(
        { id: lesson.id, status: "proposed" },
        {
          status: "scheduled",
          startsAt: slot.startsAt,
          durationMinutes: slot.durationMinutes,
          endsAt,
          acceptedAt: now,
          sequence: 0,
          // The invitation itself is the reminder for a lesson that starts within the reminder window.
          remindedAt: this.withinReminder(slot.startsAt, now) ? now : null,
        },
      );
      if (res.affected !== 1) throw conflict(M.notProposed);
      return this.mailAndPublish(em, lesson.id, "scheduled");
    });
    return record;
  }

  /**
   * Either participant calls a lesson off: a waiting proposal is withdrawn (or declined) without
   * mail; a scheduled lesson that is not over is cancelled and both get METHOD:CANCEL, next SEQUENCE.
   */
  async cancel(me: string, lessonId: unknown): Promise<LessonRecord> {
    const now = this.deps.clock.now();
    return this.deps.tx(async (em) => {
      const lesson = await this.requireOwn(me, lessonId, em);
      if (lesson.status === "cancelled") throw conflict(M.alreadyCancelled);
      if (lesson.status === "scheduled" && lesson.endsAt && lesson.endsAt.getTime() <= now.getTime()) throw conflict(M.alreadyOver);
      const scheduled = lesson.status === "scheduled";
      const res = await this.lessons(em).update(
        { id: lesson.id, status: lesson.status, sequence: lesson.sequence },
        { status: "cancelled", cancelledAt: now, cancelledById: me, sequence: scheduled ? lesson.sequence + 1 : lesson.sequence },
      );
      if (res.affected !== 1) throw conflict(M.alreadyCancelled);
      if (scheduled) return this.mailAndPublish(em, lesson.id, "cancelled");
      const fresh = await this.load(lesson.id, em);
      afterCommit(em, () => this.notices.publish(fresh));
      return fresh;
    });
  }

  /** Either participant moves a scheduled lesson to a new time: same UID, next SEQUENCE, a new reminder. */
  async reschedule(me: string, lessonId: unknown, input: { slot: unknown; timezone: unknown }): Promise<LessonRecord> {
    const now = this.deps.clock.now();
    const timezone = cleanTimezone(input.timezone);
    const slot = cleanSlot(input.slot, now);
    return this.deps.tx(async (em) => {
      const lesson = await this.requireOwn(me, lessonId, em);
      if (lesson.status !== "scheduled") throw conflict(M.notScheduled);
      if (lesson.endsAt && lesson.endsAt.getTime() <= now.getTime()) throw conflict(M.alreadyOver);
      await this.activeChat(me, lesson.proposerId === me ? lesson.partnerId : lesson.proposerId, em);
      const res = await this.lessons(em).update(
        { id: lesson.id, status: "scheduled", sequence: lesson.sequence },
        {
          startsAt: slot.startsAt,
          durationMinutes: slot.durationMinutes,
          endsAt: new Date(slot.startsAt.getTime() + slot.durationMinutes * MINUTE),
          timezone,
          sequence: lesson.sequence + 1,
          remindedAt: this.withinReminder(slot.startsAt, now) ? now : null,
        },
      );
      if (res.affected !== 1) throw conflict(M.notScheduled);
      return this.mailAndPublish(em, lesson.id, "rescheduled");
    });
  }

  // ---- reading -------------------------------------------------------------------------------

  /** A chat's lessons, newest proposal first (participants only). */
  async ofChat(me: string, chatWith: unknown, opts: { first?: number | null; after?: string | null } = {}): Promise<LessonPage> {
    const chat = await this.c.chats.require(me, chatWith);
    const take = pageSizeOf(opts.first);
    const cursor = decodeCursor(CHAT_LESSONS, opts.after);
    const q = this.lessons().createQueryBuilder("l").where("l.chatId = :chatId", { chatId: chat.id });
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
    const q = this.lessons()
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
    const rows = await this.lessons()
      .createQueryBuilder("l")
      .select("l.chatId", "chatId")
      .addSelect("COUNT(*)", "n")
      .where("l.chatId IN (:...ids) AND l.status = 'scheduled' AND l.endsAt <= :now", { ids, now: this.deps.clock.now() })
      .groupBy("l.chatId")
      .getRawMany<{ chatId: string; n: number | string }>();
    return new Map(rows.map((r) => [r.chatId, Number(r.n)]));
  }

  private async page(rows: Lesson[], take: number, afterCursor: boolean, cursorOf: (l: Lesson) => string): Promise<LessonPage> {
    const items = await this.withSlots(rows.slice(0, take));
    const cursors = items.map(cursorOf);
    return {
      items,
      cursors,
      hasNextPage: rows.length > take,
      hasPreviousPage: afterCursor,
      endCursor: cursors[cursors.length - 1] ?? null,
    };
  }

  private async withSlots(rows: Lesson[], em?: EntityManager): Promise<LessonRecord[]> {
    if (rows.length === 0) return [];
    const slots = await this.slots(em).find({
      where: { lessonId: In(rows.map((r) => r.id)) },
      order: { lessonId: "ASC", position: "ASC" },
    });
    const by = new Map<string, LessonSlot[]>();
    for (const s of slots) by.set(s.lessonId, [...(by.get(s.lessonId) ?? []), s]);
    return rows.map((r) => ({ ...r, slots: by.get(r.id) ?? [] }));
  }

  private async load(id: string, em?: EntityManager): Promise<LessonRecord> {
    const row = await this.lessons(em).findOneOrFail({ where: { id } });
    return (await this.withSlots([row], em))[0]!;
  }

  /** The lesson if the caller is one of its two students; NOT_FOUND otherwise (nobody learns it exists). */
  private async requireOwn(me: string, lessonId: unknown, em: EntityManager): Promise<LessonRecord> {
    if (typeof lessonId !== "string" || !lessonId || lessonId.length > 36) throw notFound(M.notFound);
    const row = await this.lessons(em).findOne({ where: { id: lessonId } });
    if (!row || (row.proposerId !== me && row.partnerId !== me)) throw notFound(M.notFound);
    return (await this.withSlots([row], em))[0]!;
  }

  private async activeChat(me: string, otherId: unknown, em: EntityManager): Promise<Chat> {
    const chat = await this.c.chats.require(me, otherId, em);
    if (chat.status !== "in_progress") throw this.c.chats.stateError(chat);
    return chat;
  }

  private withinReminder(startsAt: Date, now: Date): boolean {
    return startsAt.getTime() - now.getTime() <= LESSON_REMINDER_MINUTES * MINUTE;
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
    const rows = await this.lessons().find({
      where: [{ proposerId: userId }, { partnerId: userId }],
      order: { createdAt: "ASC", id: "ASC" },
    });
    return (await this.withSlots(rows)).map((l) => ({
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

  /**
   * A student leaves (account deleted): inside `em`, their waiting proposals and scheduled lessons that
   * are not over are cancelled; after the commit the partner gets the cancellation (the student, now
   * deleted, is mailed nothing) and both pages hear of it.
   */
  async cancelAllOf(em: EntityManager, userId: string): Promise<number> {
    const now = this.deps.clock.now();
    const rows = await this.lessons(em).find({
      where: [
        { proposerId: userId, status: In(["proposed", "scheduled"]) },
        { partnerId: userId, status: In(["proposed", "scheduled"]) },
      ],
    });
    let cancelled = 0;
    for (const l of rows) {
      if (l.status === "scheduled" && l.endsAt && l.endsAt.getTime() <= now.getTime()) continue;
      const scheduled = l.status === "scheduled";
      const res = await this.lessons(em).update(
        { id: l.id, status: l.status, sequence: l.sequence },
        { status: "cancelled", cancelledAt: now, cancelledById: userId, sequence: scheduled ? l.sequence + 1 : l.sequence },
      );
      if (res.affected !== 1) continue;
      cancelled++;
      if (scheduled) await this.mailAndPublish(em, l.id, "cancelled");
      else {
        const fresh = await this.load(l.id, em);
        afterCommit(em, () => this.notices.publish(fresh));
      }
    }
    return cancelled;
  }

  // ---- mails, reminders and events -----------------------------------------------------------

  /** After the commit: both students get the mail with the invitation, and both pages the change. */
  private async mailAndPublish(em: EntityManager, id: string, kind: LessonMailKind): Promise<LessonRecord> {
    const fresh = await this.load(id, em);
    afterCommit(em, () => {
      this.notices.publish(fresh);
      this.c.background.run(`lesson mail (${kind})`, () => this.notices.mailBoth(fresh, kind, this.deps.clock.now()));
    });
    return fresh;
  }

  /** Reminds both students of each scheduled lesson starting within the next hour, once (LessonNotices). */
  sendReminders(now: Date): Promise<number> {
    return this.notices.sendReminders(now);
  }
}
