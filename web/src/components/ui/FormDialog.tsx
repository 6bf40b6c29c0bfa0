import { type FormEvent, type ReactNode, useId } from "react";
import { cx } from "../../lib/cx";
import { Button, type ButtonVariant } from "./Button";
import { Dialog, type DialogProps } from "./Dialog";
import styles from "./FormDialog.module.css";

export interface FormDialogProps extends Omit<DialogProps, "children" | "footer"> {
  children: ReactNode;
  /** The form's submit: the footer's submit button and Enter in a field both send it. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitLabel: ReactNode;
  /** While the request runs: the submit button shows a spinner and `busyLabel`, and takes no clicks. */
  busy: boolean;
  busyLabel: ReactNode;
  submitVariant?: ButtonVariant;
  submitDisabled?: boolean;
  cancelVariant?: ButtonVariant;
  cancelDisabled?: boolean;
  /** Added to the form's own layout (one column of fields and alerts). */
  formClassName?: string;
}

/**
 * A dialog around one form, with Cancel (closes it) and a submit button in the footer. The
 * form validates itself (noValidate), so messages show in its own alert, not the browser's.
 */
export function FormDialog({
  children,
  onSubmit,
  submitLabel,
  busy,
  busyLabel,
  submitVariant,
  submitDisabled,
  cancelVariant = "secondary",
  cancelDisabled,
  formClassName,
  ...dialog
}: FormDialogProps) {
  const formId = useId();
  return (
    <Dialog
      {...dialog}
      footer={
        <>
          <Button variant={cancelVariant} onClick={dialog.onClose} disabled={cancelDisabled}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant={submitVariant} loading={busy} loadingText={busyLabel} disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} className={cx(styles.form, formClassName)} onSubmit={onSubmit} noValidate>
        {children}
      </form>
    </Dialog>
  );
}
