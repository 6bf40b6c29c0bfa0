import { forbidden } from "../../shared/errors.js";
import type { ImplementApplicantsService } from "./implement-applicants.service.js";
import { isRejected } from "./implement.rules.js";

/**
 * POST /notifications, the old client's notice after a decision with the decision's type. The
 * decision itself already notified the applicant, so nothing is sent: FORBIDDEN unless the caller
 * (a post's owner) really decided that way on `applicantId`.
 */
export async function confirmDecisionNotice(
  applicants: Pick<ImplementApplicantsService, "statusesWithOwner">,
  ownerId: string,
  applicantId: unknown,
  type: unknown,
): Promise<void> {
  if (type !== "acceptImplementUser" && type !== "rejectImplementUser") throw forbidden("Only implement decisions can be sent here");
  const statuses = typeof applicantId === "string" && applicantId ? await applicants.statusesWithOwner(ownerId, applicantId) : [];
  const decided = type === "acceptImplementUser" ? statuses.includes("accepted") : statuses.some(isRejected);
  if (!decided) throw forbidden("You can only notify a student about your decision on their request");
}
