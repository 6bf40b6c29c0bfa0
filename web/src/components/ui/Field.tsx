import { type ReactNode, useId } from "react";
import styles from "./Field.module.css";
import { AlertCircleIcon } from "./icons";

export interface FieldOwnProps {
  label: ReactNode;
  /** Help text under the control. */
  hint?: ReactNode;
  /** Error text under the control: marks it aria-invalid, describes it, and is announced when it appears. */
  error?: ReactNode;
  /** Hides the label visually (still read by screen readers). */
  hideLabel?: boolean;
  /** Class for the wrapping element. */
  className?: string;
}

interface FieldProps extends FieldOwnProps {
  id?: string;
  required?: boolean;
  children: (control: { id: string; "aria-describedby"?: string; "aria-invalid"?: true }) => ReactNode;
}

/** Label + control + hint + error, wired together with ids. Used by TextField, TextArea and Select. */
export function Field({ id: givenId, label, hint, error, hideLabel, required, className, children }: FieldProps) {
  const autoId = useId();
  const id = givenId ?? autoId;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={[styles.field, className].filter(Boolean).join(" ")}>
      <label htmlFor={id} className={hideLabel ? "visually-hidden" : styles.label}>
        {label}
        {required && (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        )}
      </label>
      {children({ id, "aria-describedby": describedBy, "aria-invalid": error ? true : undefined })}
      {error && (
        // role="alert": announced as it appears, wherever focus is (the control also points at it).
        <p id={errorId} className={styles.error} role="alert">
          <AlertCircleIcon size={16} />
          <span>{error}</span>
        </p>
      )}
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}

export { styles as fieldStyles };
