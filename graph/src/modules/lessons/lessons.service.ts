import { type EntityManager, In } from "typeorm";
import { LESSON_MESSAGES as M, LESSON_REMINDER_MINUTES, MAX_OPEN_PROPOSALS } from "../../../../common/lessons.js";
import { afterCommit } from "../../db/transaction.js";
import { MINUTE } from "../../shared/clock.js";
import type { Deps } from "../../shared/deps.js";
import { badInput, conflict } from "../../shared/errors.js";
import { newId } from "../../shared/ids.js";
import type { UsersService } from "../accounts/users.service.js";
import type { Chat, ChatService } from "../chat/chat.service.js";
import "../chat/chat-changes.js";
import type { JobRunner } from "../jobs/job-runner.js";
import { Lesson, LessonSlot, type LessonRecord } from "./lesson.entity.js";
import type { LessonMailKind } from "./lesson-mails.js";
import { LessonNotices } from "./lesson-notices.js";
import type { PushService } from "../notifications/push.service.js";
import { LessonReadsService } from "./lesson-reads.service.js";
import { cleanSlot, cleanSlots, cleanTimezone } from "./lesson.rules.js";

export const REMINDER_JOB = "lesson-reminders";
const REMINDER_EVERY = 5 * MINUTE;

export type { LessonRecord };

/** What lessons need from chat (ChatService fits). */
export type LessonChats = Pick<ChatService, "require" | "requireIn" | "stateError" | "chatsByIds" | "lock">;

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
      users: Pick<UsersService, "summariesIn" | "mailRecipientsIn">;
      /** Pushes proposals, answers and reminders to the students' devices (queued in the same transaction). */
      push?: Pick<PushService, "lessonNotice">;
    },
  ) {
    this.notices = new LessonNotices(deps, c);
    this.reads = new LessonReadsService(deps, c.chats);
    // A chat that ends (finished, reported, closed) takes its lessons still ahead with it: no reminder, no
    // calendar entry left for a meeting that will not happen.
    deps.changes.on("chatEnded", (em, chat, actorId) => this.cancelAhead(em, { chatId: chat.id }, actorId).then(() => undefined));
  }

  /** A chat's lessons, the caller's upcoming ones, lessons held per chat, a student's export. */
  readonly reads: LessonReadsService;

  /** Invitation and reminder mails, and the realtime event. */
  private readonly notices: LessonNotices;

  private lessons(em: EntityManager) {
    return em.getRepository(Lesson);
  }

  private slots(em: EntityManager) {
    return em.getRepository(LessonSlot);
  }

  /** Registers the reminder job with the runner. */
  schedule(jobs: JobRunner): void {
    jobs.register({
      name: REMINDER_JOB,
      every: REMINDER_EVERY,
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
      // The chat's row first: two proposals sent at once are counted one after the other.
      await this.c.chats.lock(chat.id, em);
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
      await this.c.push?.lessonNotice(em, row, "proposed", [row.partnerId]);
      afterCommit(em, () => this.notices.publish(record));
      return record;
    });
    return lesson;
  }

  /** The partner (never the proposer) accepts one slot of a waiting proposal: one accept wins. */
  async accept(me: string, lessonId: unknown, slotId: unknown): Promise<LessonRecord> {
    const now = this.deps.clock.now();
    const record = await this.deps.tx(async (em) => {
      const lesson = await this.reads.requireOwn(me, lessonId, em);
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
      return this.mailAndPublish(em, lesson.id, "scheduled", me);
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
      const lesson = await this.reads.requireOwn(me, lessonId, em);
      if (lesson.status === "cancelled") throw conflict(M.alreadyCancelled);
      if (lesson.status === "scheduled" && lesson.endsAt && lesson.endsAt.getTime() <= now.getTime()) throw conflict(M.alreadyOver);
      const scheduled = lesson.status === "scheduled";
      const res = await this.lessons(em).update(
        { id: lesson.id, status: lesson.status, sequence: lesson.sequence },
        { status: "cancelled", cancelledAt: now, cancelledById: me, sequence: scheduled ? lesson.sequence + 1 : lesson.sequence },
      );
      if (res.affected !== 1) throw conflict(M.alreadyCancelled);
      if (scheduled) return this.mailAndPublish(em, lesson.id, "cancelled", me);
      const fresh = await this.reads.load(lesson.id, em);
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
      const lesson = await this.reads.requireOwn(me, lessonId, em);
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
      return this.mailAndPublish(em, lesson.id, "rescheduled", me);
    });
  }

  private async activeChat(me: string, otherId: unknown, em: EntityManager): Promise<Chat> {
    const chat = await this.c.chats.requireIn(em, me, otherId);
    if (chat.status !== "in_progress") throw this.c.chats.stateError(chat);
    return chat;
  }

  private withinReminder(startsAt: Date, now: Date): boolean {
    return startsAt.getTime() - now.getTime() <= LESSON_REMINDER_MINUTES * MINUTE;
  }

  // ---- a student's own data -------------------------------------------------------------------

  /**
   * A student leaves (account deleted): inside `em`, their waiting proposals and scheduled lessons that
   * are not over are cancelled; after the commit the partner gets the cancellation (the student, now
   * deleted, is mailed nothing) and both pages hear of it.
   */
  cancelAllOf(em: EntityManager, userId: string): Promise<number> {
    return this.cancelAhead(em, [{ proposerId: userId }, { partnerId: userId }], userId);
  }

  /**
   * Inside `em`: the proposals and the scheduled lessons not over yet among those `where` names are cancelled by
   * `actorId`, each scheduled one with its CANCEL mailed to both (and a push to the other); both pages hear of it
   * after the commit. Lessons already over stay as they were (held).
   */
  private async cancelAhead(
    em: EntityManager,
    where: { chatId: string } | Array<{ proposerId: string } | { partnerId: string }>,
    actorId: string,
  ): Promise<number> {
    const now = this.deps.clock.now();
    const open = { status: In(["proposed", "scheduled"]) };
    const rows = await this.lessons(em).find({
      where: Array.isArray(where) ? where.map((w) => ({ ...w, ...open })) : { ...where, ...open },
    });
    let cancelled = 0;
    for (const l of rows) {
      if (l.status === "scheduled" && l.endsAt && l.endsAt.getTime() <= now.getTime()) continue;
      const scheduled = l.status === "scheduled";
      const res = await this.lessons(em).update(
        { id: l.id, status: l.status, sequence: l.sequence },
        { status: "cancelled", cancelledAt: now, cancelledById: actorId, sequence: scheduled ? l.sequence + 1 : l.sequence },
      );
      if (res.affected !== 1) continue;
      cancelled++;
      if (scheduled) await this.mailAndPublish(em, l.id, "cancelled", actorId);
      else {
        const fresh = await this.reads.load(l.id, em);
        afterCommit(em, () => this.notices.publish(fresh));
      }
    }
    return cancelled;
  }

  // ---- mails, reminders and events -----------------------------------------------------------

  /** Both students' mails with the invitation, and a push to the partner of `actorId`, are queued in `em`'s transaction; after the commit both pages hear of the change. */
  private async mailAndPublish(em: EntityManager, id: string, kind: LessonMailKind, actorId: string): Promise<LessonRecord> {
    const fresh = await this.reads.load(id, em);
    await this.c.push?.lessonNotice(em, fresh, kind, [fresh.proposerId === actorId ? fresh.partnerId : fresh.proposerId]);
    await this.notices.mailBoth(em, fresh, kind, this.deps.clock.now());
    afterCommit(em, () => this.notices.publish(fresh));
    return fresh;
  }

  /** Reminds both students of each scheduled lesson starting within the next hour, once (LessonNotices). */
  sendReminders(now: Date): Promise<number> {
    return this.notices.sendReminders(now);
  }
}
