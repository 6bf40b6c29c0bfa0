import { type ComponentProps, type ReactNode, useId } from "react";
import styles from "./Field.module.css";
import { AlertCircleIcon } from "./icons";

export interface FieldOwnProps {
  label: ReactNode;
  /** Help text under the control. */
  hint?: ReactNode;
  /** Error text under the control: marks it aria-invalid, describes it, and is announced when it appears. */
  error?: ReactNode;
  /**
   * Whether the error is announced as it appears (role="alert"; the default). False where focus
   * brings the student to it instead: a refused Submit that shows several at once moves the focus
   * to the first, whose description reads it, and one alert each would talk over one another.
   */
  errorAnnounced?: boolean;
  /** Hides the label visually (still read by screen readers). */
  hideLabel?: boolean;
  /** Class for the wrapping element. */
  className?: string;
}

/** What a labelled control hands to its Field, of all its props. */
export type FieldPartProps = FieldOwnProps & { id?: string; required?: boolean };

interface FieldProps extends FieldPartProps {
  children: (control: { id: string; "aria-describedby"?: string; "aria-invalid"?: true }) => ReactNode;
}

/**
 * A labelled control's props split in two: the Field's (label, hint, error, wrapper class, id,
 * required) and the rest, for the control element itself. Used by TextField, TextArea and Select.
 */
export function splitFieldProps<P extends FieldPartProps>(props: P): [FieldPartProps, Omit<P, keyof FieldPartProps>] {
  const { label, hint, error, errorAnnounced, hideLabel, className, id, required, ...rest } = props;
  return [{ label, hint, error, errorAnnounced, hideLabel, className, id, required }, rest];
}

/** Label + control + hint + error, wired together with ids. Used by TextField, TextArea and Select. */
export function Field({ id: givenId, label, hint, error, errorAnnounced, hideLabel, required, className, children }: FieldProps) {
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
        <FieldError id={errorId!} announce={errorAnnounced}>
          {error}
        </FieldError>
      )}
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}

/**
 * A field's error text with its icon. role="alert": announced as it appears, wherever the focus
 * is (the control it belongs to points at it with aria-describedby); `announce={false}` where the
 * focus is brought to it instead (see FieldOwnProps.errorAnnounced).
 */
export function FieldError({
  id,
  announce = true,
  children,
  ...props
}: { id: string; announce?: boolean; children: ReactNode } & Omit<ComponentProps<"p">, "id" | "children">) {
  return (
    <p id={id} className={styles.error} role={announce ? "alert" : undefined} {...props}>
      <AlertCircleIcon size={16} />
      <span>{children}</span>
    </p>
  );
}

export { styles as fieldStyles };
