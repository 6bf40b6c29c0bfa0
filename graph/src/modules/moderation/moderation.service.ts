import { type EntityManager, LessThan } from "typeorm";
import type { Deps } from "../../shared/deps.js";
import { decodeTimeKey, encodeTimeKey } from "../../shared/cursor.js";
import { badInput, conflict, notFound } from "../../shared/errors.js";
import { type Connection, connection, forwardPage, pageSize } from "../../shared/pagination.js";
import { PERMANENT_SUSPENSION } from "../accounts/standing.service.js";
import type { ChatReport, ReportResolution } from "../chat/chat.service.js";
import type { ModerationCollaborators, ModerationMessageView, Operator } from "./moderation-parts.js";
import { OperatorAction } from "./operator-action.entity.js";
import { ReviewModerationService } from "./review-moderation.service.js";
import { type AuditEntry, type OperatorsService, recordAction } from "./operators.service.js";
import {
  cleanDays,
  type ReportQueueStatus,
  cleanReason,
  daysFrom,
  MODERATION_MESSAGES as M,
  QUEUE_LIMIT,
  REPORTED_POSTS_PAGE_SIZE,
} from "./moderation.rules.js";
import {
  type ModerationReportView,
  type OperatorActionView,
  queuePage,
  toActionView,
  toChatView,
  toReportView,
  toStudentView,
} from "./moderation.views.js";

export type { EscrowView, ModerationCollaborators, ModerationMessageView, Operator } from "./moderation-parts.js";

export interface ModerationStats {
  studentsVerified: number;
  studentsUnverified: number;
  activeChats: number;
  openReports: number;
  openReviewReports: number;
  coinsInCirculation: number;
  coinsInEscrow: number;
}

const AUDIT_PAGE_SIZE = 50;
const AUDIT_CURSOR = "audit";
const POSTS_CURSOR = "moderation-posts";
const EVIDENCE_PAGE_SIZE = 100;

/**
 * The moderation console's rules, for operators only. Every public method takes the caller's user
 * id and answers FORBIDDEN to anyone who is not an operator before it reads or checks anything
 * else, so a door, a job or a script cannot forget it. Every action writes one audit row in its own
 * transaction; money moves only through the coins ledger (suspension closes chats with refunds).
 */
export class ModerationService {
  /** Reported written reviews: their queue and the audited hide/dismiss actions. */
  readonly reviews: ReviewModerationService;

  constructor(
    private readonly deps: Deps,
    readonly operators: OperatorsService,
    private readonly c: ModerationCollaborators,
  ) {
    this.reviews = new ReviewModerationService(deps, operators, c);
  }

  /**
   * A page of the open or resolved reports (of the newest QUEUE_LIMIT): students reported by
   * several different partners first, then newest; after a cursor of a previous page.
   */
  async queuePage(
    callerId: string,
    status: ReportQueueStatus,
    opts: { first?: number | null; after?: string | null },
  ): Promise<Connection<ModerationReportView>> {
    await this.operators.require(callerId);
    const first = pageSize("first", opts.first, QUEUE_LIMIT, QUEUE_LIMIT);
    const items = await this.describe(await this.c.chat.moderation.reportsQueue(status, QUEUE_LIMIT));
    // Stable: newest first within each group.
    const ordered = [...items.filter((i) => i.flagged), ...items.filter((i) => !i.flagged)];
    return queuePage(ordered, first, opts.after ?? null);
  }

  /** One report with its context (the console's evidence view). */
  async report(callerId: string, id: string): Promise<ModerationReportView> {
    await this.operators.require(callerId);
    return this.describeOne(id);
  }

  private async describeOne(id: string): Promise<ModerationReportView> {
    const report = await this.c.chat.moderation.report(id);
    if (!report) throw notFound(M.reportNotFound);
    return (await this.describe([report]))[0];
  }

  private async describe(reports: ChatReport[]): Promise<ModerationReportView[]> {
    const people = reports.flatMap((r) => [r.reporterId, r.reportedId]);
    const [students, counts, chats] = await Promise.all([
      this.c.users.standingOf(people),
      this.c.chat.moderation.reportersPerStudent(reports.map((r) => r.reportedId)),
      this.c.chat.chatsByIds(
        reports.map((r) => r.chatId),
        this.deps.dataSource,
      ),
    ]);
    const holds = await this.c.coins.holdStates(chats.filter((c) => c.escrowRef).map((c) => c.escrowRef!));
    const chatById = new Map(chats.map((c) => [c.id, c]));
    const now = this.deps.clock.now();
    const student = (id: string) => {
      const u = students.get(id);
      return u ? toStudentView(u, now) : null;
    };
    return reports.map((report) => {
      const chat = chatById.get(report.chatId);
      return toReportView(report, {
        reporter: student(report.reporterId),
        reported: student(report.reportedId),
        reportedBy: counts.get(report.reportedId) ?? 1,
        chat: chat ? toChatView(chat, chat.escrowRef ? (holds.get(chat.escrowRef) ?? null) : null) : null,
      });
    });
  }

  /**
   * A reported chat's messages, oldest first, read backwards like the chat: the newest `last`, then
   * older ones with `before` (the evidence under a chat or review report).
   */
  async evidence(
    callerId: string,
    chatId: string,
    opts: { last?: number | null; before?: string | null },
  ): Promise<Connection<ModerationMessageView>> {
    await this.operators.require(callerId);
    const page = await this.c.chat.messages.page(chatId, { last: opts.last ?? EVIDENCE_PAGE_SIZE, before: opts.before ?? null });
    const nodes = page.edges.map(({ node: m }) => ({ seq: m.seq, fromUserId: m.fromUserId, body: m.body, createdAt: m.createdAt }));
    return connection(nodes, (_, i) => page.edges[i].cursor, page.pageInfo);
  }

  async stats(callerId: string): Promise<ModerationStats> {
    await this.operators.require(callerId);
    const [students, chats, reviewReports, coins] = await Promise.all([
      this.c.users.countsByVerification(),
      this.c.chat.moderation.moderationCounts(),
      this.c.reviews.reports.openCount(),
      this.c.coins.circulation(),
    ]);
    return {
      studentsVerified: students.verified,
      studentsUnverified: students.unverified,
      activeChats: chats.activeChats,
      openReports: chats.openReports,
      openReviewReports: reviewReports,
      coinsInCirculation: coins.inCirculation,
      coinsInEscrow: coins.inEscrow,
    };
  }

  /** The audit log newest first, keyset-paged on (createdAt, id). */
  async auditPage(callerId: string, opts: { first?: number | null; after?: string | null }): Promise<Connection<OperatorActionView>> {
    await this.operators.require(callerId);
    const first = pageSize("first", opts.first, AUDIT_PAGE_SIZE);
    const after = opts.after ? decodeTimeKey(AUDIT_CURSOR, opts.after) : null;
    const rows = await this.deps.dataSource.getRepository(OperatorAction).find({
      where: after ? [{ createdAt: LessThan(after.at) }, { createdAt: after.at, id: LessThan(after.id) }] : {},
      order: { createdAt: "DESC", id: "DESC" },
      take: first + 1,
    });
    return forwardPage(rows.map(toActionView), first, after, (a) => encodeTimeKey(AUDIT_CURSOR, { at: a.createdAt, id: a.id }));
  }

  async dismiss(callerId: string, reportId: string, rawReason: unknown): Promise<void> {
    const op = await this.operators.require(callerId);
    const reason = cleanReason(rawReason);
    const report = await this.requireOpenReport(reportId);
    await this.act(op, { action: "dismiss", reportId: report.id, targetUserId: report.reportedId, reason }, async (em) => {
      await this.resolve(em, report.id, "dismissed", op);
    });
  }

  /** Warns a student: they get a notification with the reason; the report (if any) is resolved. */
  async warn(callerId: string, userId: string, rawReason: unknown, reportId?: string | null): Promise<void> {
    const op = await this.operators.require(callerId);
    const reason = cleanReason(rawReason);
    const target = await this.requireStudent(op, userId);
    const report = reportId ? await this.requireOpenReport(reportId) : null;
    await this.act(op, { action: "warn", reportId: report?.id, targetUserId: target, reason }, async (em) => {
      await this.c.notifications.notify(
        { recipientId: target, notifierId: target, type: "operator-warning", message: `A Skill Exchange moderator warned you: ${reason}` },
        em,
      );
      if (report) await this.resolve(em, report.id, "warned", op);
    });
  }

  /**
   * Suspends a student for `days` (or permanently): they cannot sign in, nobody sees them, their
   * open requests are cancelled, their chats in progress close with held coins refunded through
   * the ledger, and every token and socket of theirs is revoked.
   */
  async suspend(
    callerId: string,
    userId: string,
    input: { days?: unknown; permanent?: unknown; reason?: unknown; reportId?: string | null },
  ): Promise<Date> {
    const op = await this.operators.require(callerId);
    const reason = cleanReason(input.reason);
    const days = cleanDays(input.days, input.permanent);
    const target = await this.requireStudent(op, userId);
    const report = input.reportId ? await this.requireOpenReport(input.reportId) : null;
    const until = days === null ? PERMANENT_SUSPENSION : daysFrom(this.deps.clock.now(), days);
    const details = days === null ? "permanently" : `until ${until.toISOString()}`;
    await this.act(op, { action: "suspend", reportId: report?.id, targetUserId: target, reason, details }, async (em) => {
      await this.c.standing.suspend(em, target, until, reason);
      await this.c.swaps.cancelOpenOf(em, target);
      await this.c.chat.closeAllOf(em, target);
      await this.c.auth.revokeSessions(target, em);
      if (report) await this.resolve(em, report.id, "suspended", op);
    });
    return until;
  }

  async unsuspend(callerId: string, userId: string, rawReason: unknown): Promise<void> {
    const op = await this.operators.require(callerId);
    const reason = cleanReason(rawReason);
    const target = await this.requireStudent(op, userId);
    const [u] = (await this.c.users.standingOf([target])).values();
    if (!u?.suspendedUntil) throw conflict(M.notSuspended);
    await this.act(op, { action: "unsuspend", targetUserId: target, reason }, (em) => this.c.standing.lift(em, target));
  }

  /**
   * A page of the implement posts others can see of a reported student, newest first (what an
   * operator may hide); after a cursor of a previous page.
   */
  async reportedPosts(callerId: string, studentId: string | null, opts: { first?: number | null; after?: string | null }) {
    await this.operators.require(callerId);
    const size = pageSize("first", opts.first, REPORTED_POSTS_PAGE_SIZE);
    const from = opts.after ? decodeTimeKey(POSTS_CURSOR, opts.after) : null;
    const rows = studentId ? await this.c.implementPosts.visibleOf(studentId, size + 1, from) : [];
    return forwardPage(rows, size, from, (p) => encodeTimeKey(POSTS_CURSOR, { at: p.createdAt, id: p.id }));
  }

  /** Hides an implement post for good (its owner cannot show it again). */
  async hidePost(callerId: string, postId: string, rawReason: unknown, reportId?: string | null): Promise<void> {
    const op = await this.operators.require(callerId);
    const reason = cleanReason(rawReason);
    const report = reportId ? await this.requireOpenReport(reportId) : null;
    await this.act(op, { action: "hide-post", postId: String(postId), reportId: report?.id, reason }, async (em) => {
      const post = await this.c.implementPosts.hideByOperator(em, String(postId));
      if (report) await this.resolve(em, report.id, "post-hidden", op);
      return post.ownerId; // the audit row names the owner
    });
  }

  /** Runs an action and its audit row in one transaction; `work` may name the student it concerned. */
  private async act(
    op: Operator,
    entry: Omit<AuditEntry, "operatorId" | "actor">,
    work: (em: EntityManager) => Promise<string | void>,
  ): Promise<void> {
    await this.deps.tx(async (em) => {
      const target = await work(em);
      await recordAction(
        em,
        { ...entry, targetUserId: entry.targetUserId ?? target ?? null, operatorId: op.id, actor: op.email },
        this.deps.clock.now(),
      );
    });
    this.deps.logger.info({ operatorId: op.id, ...entry }, "operator action");
  }

  private async resolve(em: EntityManager, reportId: string, resolution: ReportResolution, op: Operator): Promise<void> {
    if (!(await this.c.chat.moderation.resolveReport(em, reportId, resolution, op.id))) throw conflict(M.alreadyResolved);
  }

  private async requireOpenReport(id: string): Promise<ChatReport> {
    const report = typeof id === "string" && id ? await this.c.chat.moderation.report(id) : null;
    if (!report) throw notFound(M.reportNotFound);
    if (report.resolvedAt) throw conflict(M.alreadyResolved);
    return report;
  }

  private async requireStudent(op: Operator, userId: string): Promise<string> {
    if (typeof userId !== "string" || !userId) throw badInput("Which student?");
    if (userId === op.id) throw badInput(M.selfAction);
    const [u] = (await this.c.users.standingOf([userId])).values();
    if (!u || u.deletedAt) throw notFound("User not found");
    return u.id;
  }
}
