import { type MouseEvent, type ReactNode, type SyntheticEvent, useId, useLayoutEffect, useRef, useState } from "react";
import { cx } from "../../lib/cx";
import styles from "./Dialog.module.css";
import { CloseIcon } from "./icons";

export interface DialogProps {
  /** Rendered (and shown modally) only while true. */
  open: boolean;
  /** Called on Escape, the close button and a backdrop click. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Action buttons, right-aligned in a footer bar. */
  footer?: ReactNode;
  size?: "sm" | "md" | "lg";
  /** "alertdialog" for confirmations that interrupt the user. */
  role?: "dialog" | "alertdialog";
  closeOnBackdropClick?: boolean;
  hideCloseButton?: boolean;
  className?: string;
}

const FOCUSABLE =
  'a[href], button:not(:disabled), input:not(:disabled):not([type="hidden"]), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/**
 * Tab from the last control goes to the first, Shift+Tab from the first to the last: the
 * native modal already makes the page inert, this keeps focus from leaving for the browser's UI.
 */
function keepFocusInside(dialog: HTMLDialogElement, event: KeyboardEvent) {
  const items = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.getClientRects().length > 0);
  if (items.length === 0) return;
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !dialog.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * A modal built on the native <dialog>: showModal() gives the focus trap, inert background,
 * top layer and Escape handling; we restore focus to the opener on close.
 * Put `autoFocus` on the control that should receive focus first (the body and footer mount
 * once the dialog is open, so React's autoFocus can reach them; otherwise the close button has it).
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = "md",
  role = "dialog",
  closeOnBackdropClick = true,
  hideCloseButton = false,
  className,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const titleId = useId();
  const descriptionId = useId();
  // Body and footer render after showModal(): focus() on an element of a closed <dialog> does nothing.
  const [shown, setShown] = useState(false);

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) {
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    }
    setShown(true);
    const onKeyDown = (event: KeyboardEvent) => {
      // Fallback for environments where the native cancel event does not fire.
      if (event.key === "Escape" && typeof dialog.showModal !== "function") onCloseRef.current();
      if (event.key === "Tab") keepFocusInside(dialog, event);
    };
    dialog.addEventListener("keydown", onKeyDown);
    return () => {
      setShown(false);
      dialog.removeEventListener("keydown", onKeyDown);
      if (dialog.open && typeof dialog.close === "function") dialog.close();
      opener?.focus();
    };
  }, [open]);

  if (!open) return null;

  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault(); // keep React in charge of `open`
    onCloseRef.current();
  };

  const onBackdropMouseDown = (event: MouseEvent<HTMLDialogElement>) => {
    // The dialog box is filled by its children, so a press on the element itself is the backdrop.
    if (closeOnBackdropClick && event.target === event.currentTarget) onCloseRef.current();
  };

  return (
    <dialog
      ref={ref}
      role={role === "alertdialog" ? "alertdialog" : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      className={cx(styles.dialog, styles[size], className)}
      onCancel={onCancel}
      onMouseDown={onBackdropMouseDown}
    >
      <div className={styles.header}>
        <div className={styles.headings}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {description && (
            <p id={descriptionId} className={styles.description}>
              {description}
            </p>
          )}
        </div>
        {!hideCloseButton && (
          <button type="button" className={styles.close} onClick={() => onCloseRef.current()} aria-label="Close dialog">
            <CloseIcon size={18} />
          </button>
        )}
      </div>
      {shown && children && <div className={styles.body}>{children}</div>}
      {shown && footer && <div className={styles.footer}>{footer}</div>}
    </dialog>
  );
}
