/**
 * What operators see of a report, the same on both doors: GraphQL answers these objects and REST
 * sends them as JSON. Built from the rows here once, so neither door leaks a column (internal ids,
 * escrow keys, read counters) nor decides a rule (permanent, suspended now) on its own.
 */
import { decodeCursor, encodeCursor } from "../../shared/cursor.js";
import { type Connection, slicePage } from "../../shared/pagination.js";
import { PERMANENT_SUSPENSION } from "../accounts/standing.service.js";
import type { ReportReason } from "../../../../common/chat.js";
import type { Chat, ChatReport, ReportResolution } from "../chat/chat.service.js";
import type { ChatKind, ChatStatus } from "../chat/chat.types.js";
import type { OperatorAction, OperatorActionKind } from "./operator-action.entity.js";
import type { EscrowView } from "./moderation-parts.js";

export interface SuspensionView {
  until: Date;
  permanent: boolean;
  /** Still in force at the server's clock. */
  active: boolean;
}

export interface ModeratedStudentView {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  suspendedUntil: Date | null;
  suspension: SuspensionView | null;
  deleted: boolean;
}

export interface ModerationChatView {
  id: string;
  kind: ChatKind;
  /** The chat's status now (not when it was reported). */
  status: ChatStatus;
  /** When it took that status: when it ended, or when it opened while in progress. */
  statusSince: Date;
  startDate: Date;
  endedAt: Date | null;
  coins: number;
  title: string | null;
  escrow: EscrowView | null;
  messageCount: number;
}

export interface ModerationReportView {
  id: string;
  reason: ReportReason;
  details: string | null;
  createdAt: Date;
  resolvedAt: Date | null;
  resolution: ReportResolution | null;
  reporter: ModeratedStudentView | null;
  reported: ModeratedStudentView | null;
  reportedBy: number;
  flagged: boolean;
  chat: ModerationChatView | null;
}

export interface OperatorActionView {
  id: string;
  actor: string;
  action: OperatorActionKind;
  targetUserId: string | null;
  reportId: string | null;
  postId: string | null;
  reason: string;
  details: string | null;
  createdAt: Date;
}

export interface StudentStanding {
  id: string;
  name: string;
  email: string;
  emailVerifiedAt: Date | null;
  suspendedUntil: Date | null;
  deletedAt: Date | null;
}

export function suspensionOf(until: Date | null, now: Date): SuspensionView | null {
  if (!until) return null;
  return { until, permanent: until.getTime() >= PERMANENT_SUSPENSION.getTime(), active: until.getTime() > now.getTime() };
}

export function toStudentView(u: StudentStanding, now: Date): ModeratedStudentView {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    emailVerified: u.emailVerifiedAt !== null,
    suspendedUntil: u.suspendedUntil,
    suspension: suspensionOf(u.suspendedUntil, now),
    deleted: u.deletedAt !== null,
  };
}

export function toChatView(chat: Chat, escrow: EscrowView | null): ModerationChatView {
  return {
    id: chat.id,
    kind: chat.kind,
    status: chat.status,
    statusSince: chat.status === "in_progress" ? chat.startDate : (chat.endedAt ?? chat.startDate),
    startDate: chat.startDate,
    endedAt: chat.endedAt,
    coins: chat.coins,
    title: chat.title,
    escrow,
    messageCount: chat.messageCount,
  };
}

export function toReportView(
  report: ChatReport,
  parts: Pick<ModerationReportView, "reporter" | "reported" | "reportedBy" | "chat">,
): ModerationReportView {
  return {
    id: report.id,
    reason: report.reason,
    details: report.details,
    createdAt: report.createdAt,
    resolvedAt: report.resolvedAt,
    resolution: report.resolution,
    ...parts,
    flagged: parts.reportedBy >= 2,
  };
}

export function toActionView(a: OperatorAction): OperatorActionView {
  return {
    id: a.id,
    actor: a.actor,
    action: a.action,
    targetUserId: a.targetUserId,
    reportId: a.reportId,
    postId: a.postId,
    reason: a.reason,
    details: a.details,
    createdAt: a.createdAt,
  };
}

const QUEUE_CURSOR = "moderation-queue";

/** The queue's order as a key: flagged first, then newest (createdAt, id). */
interface QueueKey {
  flagged: boolean;
  at: Date;
  id: string;
}

const queueCursor = (r: ModerationReportView) => encodeCursor(QUEUE_CURSOR, [r.flagged, r.createdAt.toISOString(), r.id]);

function decodeQueueKey(cursor: string): QueueKey {
  return decodeCursor(QUEUE_CURSOR, cursor, ([flagged, at, id]) => {
    const date = new Date(String(at));
    return typeof flagged === "boolean" && typeof id === "string" && !Number.isNaN(date.getTime()) ? { flagged, at: date, id } : undefined;
  });
}

/** > 0 when `r` comes after `k` in the queue's order. */
function queueOrder(r: ModerationReportView, k: QueueKey): number {
  if (r.flagged !== k.flagged) return r.flagged ? -1 : 1;
  return k.at.getTime() - r.createdAt.getTime() || (r.id < k.id ? 1 : r.id > k.id ? -1 : 0);
}

/** A page of the ordered queue after `after` (a cursor of a previous page). */
export function queuePage(items: readonly ModerationReportView[], first: number, after: string | null): Connection<ModerationReportView> {
  const from = after ? decodeQueueKey(after) : null;
  return slicePage(items, first, from, (r) => !!from && queueOrder(r, from) > 0, queueCursor);
}
