import { Button } from "../../../components/ui/Button";
import { Dialog } from "../../../components/ui/Dialog";

export const REJECT_WARNING = "You can never swap with him if You rejected as we wiil block the user from your view";

export interface RejectDialogProps {
  /** Whose request is being rejected; the dialog is open while set. */
  name: string | null;
  /** The learner declining an accepted pay request rather than a receiver rejecting. */
  declining?: boolean;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** The confirmation before a rejection, which also blocks the other student for good. */
export function RejectDialog({ name, declining = false, busy, onConfirm, onClose }: RejectDialogProps) {
  return (
    <Dialog
      open={name !== null}
      onClose={onClose}
      role="alertdialog"
      size="sm"
      hideCloseButton
      title={
        declining ? (
          <>
            Decline paying <span dir="auto">{name}</span>?
          </>
        ) : (
          <>
            Reject <span dir="auto">{name}</span>&apos;s request?
          </>
        )
      }
      description={REJECT_WARNING}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} autoFocus>
            Close
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={busy}>
            Confirm Reject
          </Button>
        </>
      }
    />
  );
}
