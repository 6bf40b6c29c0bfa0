import { type EntityManager, IsNull } from "typeorm";
import { LESSON_REMINDER_MINUTES } from "../../../../common/lessons.js";
import { MINUTE } from "../../shared/clock.js";
import type { Deps } from "../../shared/deps.js";
import type { UsersService } from "../accounts/users.service.js";
import type { PushService } from "../notifications/push.service.js";
import type { ChatService } from "../chat/chat.service.js";
import { Lesson, type LessonRecord } from "./lesson.entity.js";
import type { LessonEvent } from "./lesson-events.js";
import { type LessonMailKind, lessonMail, lessonSummary, parseAddress } from "./lesson-mails.js";

const REMINDER_BATCH = 100;

/** What reaches the students about a lesson: invitation and reminder mails, and the realtime event. */
export class LessonNotices {
  constructor(
    private readonly deps: Deps,
    private readonly c: {
      chats: Pick<ChatService, "chatsByIds">;
      users: Pick<UsersService, "summariesIn" | "mailRecipientsIn">;
      push?: Pick<PushService, "lessonNotice">;
    },
  ) {}

  /**
   * Both students get the mail with the calendar file (nobody unverified, suspended or deleted),
   * queued in the outbox inside `em`, the transaction of the change it announces.
   */
  async mailBoth(em: EntityManager, lesson: Lesson, kind: LessonMailKind, now: Date): Promise<void> {
    if (!lesson.startsAt || !lesson.durationMinutes) return;
    const [chat] = await this.c.chats.chatsByIds([lesson.chatId], em);
    const ids = [lesson.proposerId, lesson.partnerId];
    const names = await this.c.users.summariesIn(em, ids);
    const recipients = await this.c.users.mailRecipientsIn(em, ids, now);
    const organizer = parseAddress(this.deps.config.mailFrom);
    const nameOf = (id: string) => names.get(id)?.name ?? "your partner";
    for (const [meId, otherId] of [ids, [...ids].reverse()] as Array<[string, string]>) {
      const to = recipients.get(meId);
      if (!to) continue; // unverified, suspended or deleted: no mail (UsersService.mailRecipients)
      await this.deps.mail.queue(
        em,
        lessonMail({
          kind,
          to,
          partnerName: nameOf(otherId),
          summary: lessonSummary(chat, nameOf, nameOf(otherId)),
          uid: `${lesson.id}@skill-exchange`,
          sequence: lesson.sequence,
          startsAt: lesson.startsAt,
          durationMinutes: lesson.durationMinutes,
          timezone: lesson.timezone,
          meetingLink: chat?.meetingLink ?? null,
          chatUrl: `${this.deps.config.publicUrl}/user/chat/${otherId}`,
          organizer,
          now,
        }),
        { key: `lesson:${lesson.id}:${lesson.sequence}:${kind}:${meId}` },
      );
    }
  }

  /**
   * Reminds both students of each scheduled lesson starting within the next hour, once: a lesson is
   * taken by one conditional UPDATE of `remindedAt` (at this SEQUENCE) in the transaction that queues
   * its mails in the outbox, so two instances running this at the same time mail it once, and a crash
   * neither loses nor repeats it. Returns the lessons reminded.
   */
  async sendReminders(now: Date): Promise<number> {
    const until = new Date(now.getTime() + LESSON_REMINDER_MINUTES * MINUTE);
    let reminded = 0;
    for (;;) {
      const due = await this.deps.dataSource
        .getRepository(Lesson)
        .createQueryBuilder("l")
        .where("l.status = 'scheduled' AND l.remindedAt IS NULL AND l.startsAt > :now AND l.startsAt <= :until", { now, until })
        .orderBy("l.startsAt", "ASC")
        .take(REMINDER_BATCH)
        .getMany();
      if (due.length === 0) return reminded;
      const chats = new Map(
        (
          await this.c.chats.chatsByIds(
            due.map((l) => l.chatId),
            this.deps.dataSource,
          )
        ).map((c) => [c.id, c]),
      );
      for (const lesson of due) {
        const sent = await this.deps.tx(async (em) => {
          const taken = await em
            .getRepository(Lesson)
            .update({ id: lesson.id, status: "scheduled", sequence: lesson.sequence, remindedAt: IsNull() }, { remindedAt: now });
          if (taken.affected !== 1) return false;
          if (chats.get(lesson.chatId)?.status !== "in_progress") return false;
          await this.c.push?.lessonNotice(em, lesson, "reminder", [lesson.proposerId, lesson.partnerId]);
          await this.mailBoth(em, lesson, "reminder", now);
          return true;
        });
        if (sent) reminded++;
      }
      if (due.length < REMINDER_BATCH) return reminded;
    }
  }

  publish(l: LessonRecord): void {
    const iso = (d: Date | null) => (d ? d.toISOString() : null);
    const payload: LessonEvent = {
      id: l.id,
      chatId: l.chatId,
      proposerId: l.proposerId,
      partnerId: l.partnerId,
      timezone: l.timezone,
      status: l.status,
      startsAt: iso(l.startsAt),
      endsAt: iso(l.endsAt),
      durationMinutes: l.durationMinutes,
      sequence: l.sequence,
      createdAt: l.createdAt.toISOString(),
      slots: l.slots.map((s) => ({ id: s.id, startsAt: s.startsAt.toISOString(), durationMinutes: s.durationMinutes })),
    };
    this.deps.pubsub.publish("LESSON_CHANGED", l.chatId, { participantIds: [l.proposerId, l.partnerId], payload });
  }
}
