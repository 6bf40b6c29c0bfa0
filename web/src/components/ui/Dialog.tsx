import { type MouseEvent, type ReactNode, type SyntheticEvent, useId, useLayoutEffect, useRef } from "react";
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

/**
 * A modal built on the native <dialog>: showModal() gives the focus trap, inert background,
 * top layer and Escape handling; we restore focus to the opener on close.
 * Put `autoFocus` on the control that should receive focus first.
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

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) {
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    }
    const onKeyDown = (event: KeyboardEvent) => {
      // Fallback for environments where the native cancel event does not fire.
      if (event.key === "Escape" && typeof dialog.showModal !== "function") onCloseRef.current();
    };
    dialog.addEventListener("keydown", onKeyDown);
    return () => {
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
      {children && <div className={styles.body}>{children}</div>}
      {footer && <div className={styles.footer}>{footer}</div>}
    </dialog>
  );
}
