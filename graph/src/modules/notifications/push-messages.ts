import type { Notification, NotificationType } from "./notification.entity.js";

/**
 * What a push shows (the service worker's contract): a title, one line, the app route a click opens
 * (same origin, a path) and a tag under which repeats replace each other. Nothing else is sent.
 */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag: string;
}

export type LessonPushEvent = "proposed" | "scheduled" | "rescheduled" | "cancelled" | "reminder";

const BODY_MAX = 180;
const cut = (text: string, max = BODY_MAX) => ([...text].length > max ? `${[...text].slice(0, max - 3).join("")}...` : text);

/** Titles per notification type; a type without one (a kind added later) reads "Skill Exchange". */
const TITLES: Partial<Record<NotificationType, string>> = {
  "swap-request": "New swap request",
  "pay-request": "New pay request",
  "swap-accept": "Swap request accepted",
  "Accepted-Pay": "Pay request accepted",
  "swap-reject": "Request rejected",
  acceptImplementUser: "Accepted on an implement",
  rejectImplementUser: "Not accepted on an implement",
  "success-Finish": "Swap finished",
  "request-expired": "Request expired",
  "acceptance-withdrawn": "Acceptance withdrawn",
};

export function notificationPush(
  row: Pick<Notification, "id" | "type" | "message" | "recipientId" | "notifierId" | "refId">,
  notifierName: string,
): PushMessage {
  const line = row.message.includes(notifierName) ? row.message : `${notifierName}: ${row.message}`;
  return {
    title: TITLES[row.type] ?? "Skill Exchange",
    body: cut(line),
    url: row.type === "success-Finish" ? `/user/chat/${row.notifierId}` : `/${row.recipientId}/notifications`,
    tag: `${row.type}:${row.refId ?? row.id}`,
  };
}

export function messagePush(m: { senderId: string; body: string }, senderName: string): PushMessage {
  // One notification per conversation: a newer message replaces the older one on the lock screen.
  return { title: `Message from ${senderName}`, body: cut(m.body, 120), url: `/user/chat/${m.senderId}`, tag: `chat:${m.senderId}` };
}

const LESSON_TITLES: Record<LessonPushEvent, string> = {
  proposed: "Lesson proposed",
  scheduled: "Lesson scheduled",
  rescheduled: "Lesson moved",
  cancelled: "Lesson cancelled",
  reminder: "Lesson soon",
};
const LESSON_LINES: Record<LessonPushEvent, (partner: string) => string> = {
  proposed: (p) => `${p} proposed times for a lesson. Pick one in the chat.`,
  scheduled: (p) => `Your lesson with ${p} is scheduled.`,
  rescheduled: (p) => `Your lesson with ${p} has a new time.`,
  cancelled: (p) => `Your lesson with ${p} was cancelled.`,
  reminder: (p) => `Your lesson with ${p} starts soon.`,
};

export function lessonPush(event: LessonPushEvent, lessonId: string, partnerId: string, partnerName: string): PushMessage {
  return { title: LESSON_TITLES[event], body: LESSON_LINES[event](partnerName), url: `/user/chat/${partnerId}`, tag: `lesson:${lessonId}` };
}
