import { MAX_PAGE_SIZE } from "../../shared/pagination.js";
import type { ModerationMessageView } from "./moderation-parts.js";
import type { ModerationService } from "./moderation.service.js";

/** How many of a reported chat's latest messages REST shows with a report. */
export const REST_EVIDENCE_MESSAGES = 500;

/**
 * A report (chat or review) with its chat's latest messages, oldest first, as the REST report pages
 * show the evidence: read through the service's general evidence pages, backwards from the newest
 * (each read checks the operator, as the report's did).
 */
export async function withLatestMessages<R extends { chat: { id: string } | null }>(
  moderation: Pick<ModerationService, "evidence">,
  callerId: string,
  report: R,
): Promise<{ report: R; messages: ModerationMessageView[] }> {
  const messages: ModerationMessageView[] = [];
  if (!report.chat) return { report, messages };
  let before: string | null = null;
  for (;;) {
    const last = Math.min(MAX_PAGE_SIZE, REST_EVIDENCE_MESSAGES - messages.length);
    const page = await moderation.evidence(callerId, report.chat.id, { last, before });
    messages.unshift(...page.edges.map((e) => e.node));
    if (messages.length >= REST_EVIDENCE_MESSAGES || !page.pageInfo.hasPreviousPage || !page.pageInfo.startCursor) break;
    before = page.pageInfo.startCursor;
  }
  return { report, messages };
}
