import type { ChatMessageFieldsFragment } from "../../../gql/graphql";
import { formatDate } from "../../../lib/format-date";

export type ChatMessage = ChatMessageFieldsFragment;

export const OPTIMISTIC_PREFIX = "optimistic-";
export const isOptimistic = (m: Pick<ChatMessage, "id">) => m.id.startsWith(OPTIMISTIC_PREFIX);

/**
 * The messages to show, oldest first. A message being sent shows once: its optimistic copy
 * disappears as soon as the stored one (same clientId) is in the cache, whichever way it came.
 */
export function visibleMessages(nodes: readonly ChatMessage[]): ChatMessage[] {
  const delivered = new Set(nodes.filter((m) => !isOptimistic(m) && m.clientId).map((m) => m.clientId));
  const seen = new Set<string>();
  return nodes
    .filter((m) => !(isOptimistic(m) && delivered.has(m.clientId)))
    .filter((m) => (seen.has(m.id) ? false : (seen.add(m.id), true)))
    .sort((a, b) => a.seq - b.seq || Number(isOptimistic(a)) - Number(isOptimistic(b)));
}

export interface DayGroup {
  key: string;
  label: string;
  messages: ChatMessage[];
}

const dayKey = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;

/** "Today", "Yesterday" or a date, in the reader's own time zone. */
export function dayLabel(d: Date, now = new Date()): string {
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (dayKey(d) === dayKey(now)) return "Today";
  if (dayKey(d) === dayKey(yesterday)) return "Yesterday";
  return formatDate(d, d.getFullYear() !== now.getFullYear() ? "weekdayYear" : "weekday");
}

export const timeLabel = (d: Date) => formatDate(d, "time");

/** Consecutive messages of the same local day, in order. */
export function groupByDay(messages: readonly ChatMessage[], now = new Date()): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const m of messages) {
    const d = new Date(m.createdAt);
    const key = dayKey(d);
    const last = groups.at(-1);
    if (last && last.key === key) last.messages.push(m);
    else groups.push({ key, label: dayLabel(d, now), messages: [m] });
  }
  return groups;
}
