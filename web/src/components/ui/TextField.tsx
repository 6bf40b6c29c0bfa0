import type { ComponentProps } from "react";
import { cx } from "../../lib/cx";
import { Field, type FieldOwnProps, fieldStyles } from "./Field";

export interface TextFieldProps extends Omit<ComponentProps<"input">, "className">, FieldOwnProps {
  /** Class for the <input> itself (className goes to the wrapper). */
  inputClassName?: string;
}

/** A labelled <input> with optional hint and error text. `ref` reaches the input. */
export function TextField({
  label,
  hint,
  error,
  errorAnnounced,
  hideLabel,
  className,
  inputClassName,
  id,
  required,
  type = "text",
  ...props
}: TextFieldProps) {
  return (
    <Field
      id={id}
      label={label}
      hint={hint}
      error={error}
      errorAnnounced={errorAnnounced}
      hideLabel={hideLabel}
      required={required}
      className={className}
    >
      {/* dir="auto": what students type (names, skills, posts) may be Arabic, Urdu or Hebrew. */}
      {(control) => (
        <input type={type} dir="auto" required={required} className={cx(fieldStyles.control, inputClassName)} {...control} {...props} />
      )}
    </Field>
  );
}

export interface TextAreaProps extends Omit<ComponentProps<"textarea">, "className">, FieldOwnProps {
  textareaClassName?: string;
}

/** A labelled <textarea> with optional hint and error text. */
export function TextArea({
  label,
  hint,
  error,
  errorAnnounced,
  hideLabel,
  className,
  textareaClassName,
  id,
  required,
  rows = 5,
  ...props
}: TextAreaProps) {
  return (
    <Field
      id={id}
      label={label}
      hint={hint}
      error={error}
      errorAnnounced={errorAnnounced}
      hideLabel={hideLabel}
      required={required}
      className={className}
    >
      {(control) => (
        <textarea
          rows={rows}
          dir="auto"
          required={required}
          className={cx(fieldStyles.control, fieldStyles.textarea, textareaClassName)}
          {...control}
          {...props}
        />
      )}
    </Field>
  );
}
