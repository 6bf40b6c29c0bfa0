import { type EntityManager, IsNull, Not } from "typeorm";
import type { Deps } from "../../shared/deps.js";
import { Chat } from "./chat.entity.js";
import { ChatReport, type ReportResolution } from "./chat-report.entity.js";

/** What operators read and decide about chats (the moderation module's console): reports, their counts and the chats they name. */
export class ChatModerationReads {
  constructor(private readonly deps: Deps) {}

  private chats() {
    return this.deps.dataSource.getRepository(Chat);
  }

  /** Open (unresolved) or resolved reports, newest first, at most `limit`. */
  reportsQueue(status: "open" | "resolved", limit: number): Promise<ChatReport[]> {
    return this.deps.dataSource.getRepository(ChatReport).find({
      where: { resolvedAt: status === "open" ? IsNull() : Not(IsNull()) },
      order: { createdAt: "DESC", id: "DESC" },
      take: limit,
    });
  }

  report(id: string): Promise<ChatReport | null> {
    return this.deps.dataSource.getRepository(ChatReport).findOne({ where: { id: String(id) } });
  }

  /** How many different partners reported each student (flags repeat offenders). */
  async reportersPerStudent(studentIds: readonly string[]): Promise<Map<string, number>> {
    if (studentIds.length === 0) return new Map();
    const rows = await this.deps.dataSource
      .getRepository(ChatReport)
      .createQueryBuilder("r")
      .select("r.reportedId", "id")
      .addSelect("COUNT(DISTINCT r.reporterId)", "n")
      .where("r.reportedId IN (:...ids)", { ids: [...new Set(studentIds)] })
      .groupBy("r.reportedId")
      .getRawMany<{ id: string; n: number | string }>();
    return new Map(rows.map((r) => [r.id, Number(r.n)]));
  }

  /** Marks an open report resolved inside `em`; false when it was resolved already. */
  async resolveReport(em: EntityManager, id: string, resolution: ReportResolution, operatorId: string): Promise<boolean> {
    const res = await em
      .getRepository(ChatReport)
      .update({ id, resolvedAt: IsNull() }, { resolvedAt: this.deps.clock.now(), resolution, resolvedById: operatorId });
    return (res.affected ?? 0) > 0;
  }

  /** Chats in progress and reports waiting, for the console's counts. */
  async moderationCounts(): Promise<{ activeChats: number; openReports: number }> {
    const [activeChats, openReports] = await Promise.all([
      this.chats().count({ where: { status: "in_progress" } }),
      this.deps.dataSource.getRepository(ChatReport).count({ where: { resolvedAt: IsNull() } }),
    ]);
    return { activeChats, openReports };
  }
}
