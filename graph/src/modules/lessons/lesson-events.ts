import type { LessonRecord } from "./lesson.entity.js";

/** The realtime payload of LESSON_CHANGED (shared/pubsub.ts): JSON-safe, complete, seen from neither side. */
export interface LessonEvent {
  id: string;
  chatId: string;
  proposerId: string;
  partnerId: string;
  timezone: string;
  status: "proposed" | "scheduled" | "cancelled";
  startsAt: string | null;
  endsAt: string | null;
  durationMinutes: number | null;
  sequence: number;
  createdAt: string;
  slots: Array<{ id: string; startsAt: string; durationMinutes: number }>;
}

declare module "../../shared/pubsub.js" {
  interface AddressedTopics {
    /** id = the chat. A lesson of it was proposed, accepted, rescheduled or cancelled. */
    LESSON_CHANGED: { participantIds: [string, string]; payload: LessonEvent };
  }
}

/** Turns a live event back into the record the views read. */
export function lessonFromEvent(e: LessonEvent): LessonRecord {
  const date = (s: string | null) => (s ? new Date(s) : null);
  return {
    id: e.id,
    chatId: e.chatId,
    proposerId: e.proposerId,
    partnerId: e.partnerId,
    timezone: e.timezone,
    status: e.status,
    startsAt: date(e.startsAt),
    endsAt: date(e.endsAt),
    durationMinutes: e.durationMinutes,
    sequence: e.sequence,
    remindedAt: null,
    createdAt: new Date(e.createdAt),
    acceptedAt: null,
    cancelledAt: null,
    cancelledById: null,
    slots: e.slots.map((s, position) => ({
      id: s.id,
      lessonId: e.id,
      position,
      startsAt: new Date(s.startsAt),
      durationMinutes: s.durationMinutes,
    })),
  };
}
