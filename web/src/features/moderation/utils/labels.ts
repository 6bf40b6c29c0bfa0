/** What the console shows for the schema's enum values: the words the operators already know (the stored ones). */
import { ReportReason as REPORT_REASON_TEXT } from "../../../../../common/chat";
import type { OperatorAction, ReportReason, ReportResolution } from "../../../gql/graphql";

export const REASON_TEXT: Record<ReportReason, string> = REPORT_REASON_TEXT;

export const RESOLUTION_TEXT: Record<ReportResolution, string> = {
  DISMISSED: "dismissed",
  WARNED: "warned",
  SUSPENDED: "suspended",
  POST_HIDDEN: "post-hidden",
};

export const ACTION_TEXT: Record<OperatorAction, string> = {
  DISMISS: "dismiss",
  WARN: "warn",
  SUSPEND: "suspend",
  UNSUSPEND: "unsuspend",
  HIDE_POST: "hide-post",
  HIDE_REVIEW: "hide-review",
  GRANT: "grant",
  REVOKE: "revoke",
};
