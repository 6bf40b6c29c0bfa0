import { useMutation } from "@apollo/client/react";
import { type FormEvent, type ReactNode, useState } from "react";
import { Alert } from "../../../components/ui/Alert";
import { FormDialog } from "../../../components/ui/FormDialog";
import { Select } from "../../../components/ui/Select";
import { TextArea } from "../../../components/ui/TextField";
import {
  DismissReportDocument,
  HideImplementPostDocument,
  SuspendStudentDocument,
  UnsuspendStudentDocument,
  WarnStudentDocument,
} from "../../../gql/graphql";
import { useFormAction } from "../../../lib/use-form-action";

/** What an operator is about to do, and to whom. */
export type ModerationAction =
  | { kind: "dismiss"; reportId: string; name: string }
  | { kind: "warn"; userId: string; name: string; reportId?: string }
  | { kind: "suspend"; userId: string; name: string; reportId?: string }
  | { kind: "unsuspend"; userId: string; name: string }
  | { kind: "hide"; postId: string; name: string; reportId?: string };

const DURATIONS = [
  { value: "1", label: "1 day" },
  { value: "7", label: "7 days" },
  { value: "30", label: "30 days" },
  { value: "permanent", label: "Permanently" },
];

const TITLES: Record<ModerationAction["kind"], (name: ReactNode) => ReactNode> = {
  dismiss: (name) => <>Dismiss the report about {name}</>,
  warn: (name) => <>Warn {name}</>,
  suspend: (name) => <>Suspend {name}</>,
  unsuspend: (name) => <>Lift {name}&apos;s suspension</>,
  hide: (name) => <>Hide &quot;{name}&quot;</>,
};

const DESCRIPTIONS: Record<ModerationAction["kind"], string> = {
  dismiss: "The report is closed without action.",
  warn: "The student gets a notification with your reason.",
  suspend:
    "They cannot sign in and take no requests, they leave the feed, search and leaderboard, their open requests are cancelled and their chats in progress close with held coins refunded. They see your reason when they try to sign in.",
  unsuspend: "They can sign in again and are listed again.",
  hide: "Nobody sees the post any more; its owner cannot show it again.",
};

const SUBMIT: Record<ModerationAction["kind"], string> = {
  dismiss: "Dismiss",
  warn: "Send warning",
  suspend: "Suspend",
  unsuspend: "Lift suspension",
  hide: "Hide post",
};

/** One operator action: a reason (for the audit log) and, to suspend, how long. */
export function ActionDialog({ action, onClose, onDone }: { action: ModerationAction; onClose: () => void; onDone: () => void }) {
  const [reason, setReason] = useState("");
  const [duration, setDuration] = useState("7");
  const { busy, error: problem, run, fail } = useFormAction();
  const [dismiss] = useMutation(DismissReportDocument);
  const [warn] = useMutation(WarnStudentDocument);
  const [suspend] = useMutation(SuspendStudentDocument);
  const [unsuspend] = useMutation(UnsuspendStudentDocument);
  const [hide] = useMutation(HideImplementPostDocument);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!reason.trim()) return fail("Please give a reason: it goes into the audit log.");
    const why = reason.trim();
    await run(async () => {
      if (action.kind === "dismiss") await dismiss({ variables: { reportId: action.reportId, reason: why } });
      if (action.kind === "warn") await warn({ variables: { userId: action.userId, reason: why, reportId: action.reportId ?? null } });
      if (action.kind === "suspend") {
        const permanent = duration === "permanent";
        await suspend({
          variables: {
            input: {
              userId: action.userId,
              reason: why,
              reportId: action.reportId ?? null,
              permanent,
              days: permanent ? null : Number(duration),
            },
          },
        });
      }
      if (action.kind === "unsuspend") await unsuspend({ variables: { userId: action.userId, reason: why } });
      if (action.kind === "hide") await hide({ variables: { postId: action.postId, reason: why, reportId: action.reportId ?? null } });
      onDone();
    });
  }

  return (
    <FormDialog
      open
      onClose={onClose}
      title={TITLES[action.kind](<span dir="auto">{action.name}</span>)}
      description={DESCRIPTIONS[action.kind]}
      onSubmit={onSubmit}
      submitLabel={SUBMIT[action.kind]}
      submitVariant={action.kind === "suspend" || action.kind === "hide" ? "danger" : "primary"}
      busy={busy}
      busyLabel="Saving..."
    >
      {problem && <Alert variant="danger">{problem}</Alert>}
      {action.kind === "suspend" && (
        <Select label="How long" options={DURATIONS} value={duration} onChange={(e) => setDuration(e.target.value)} />
      )}
      <TextArea
        label="Reason"
        hint="Recorded in the audit log."
        required
        rows={3}
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
    </FormDialog>
  );
}
