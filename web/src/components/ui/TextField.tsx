import type { ComponentProps } from "react";
import { cx } from "../../lib/cx";
import { Field, type FieldOwnProps, fieldStyles, splitFieldProps } from "./Field";

export interface TextFieldProps extends Omit<ComponentProps<"input">, "className">, FieldOwnProps {
  /** Class for the <input> itself (className goes to the wrapper). */
  inputClassName?: string;
}

/** A labelled <input> with optional hint and error text. `ref` reaches the input. */
export function TextField(all: TextFieldProps) {
  const [field, { inputClassName, type = "text", ...props }] = splitFieldProps(all);
  return (
    <Field {...field}>
      {/* dir="auto": what students type (names, skills, posts) may be Arabic, Urdu or Hebrew. */}
      {(control) => (
        <input
          type={type}
          dir="auto"
          required={field.required}
          className={cx(fieldStyles.control, inputClassName)}
          {...control}
          {...props}
        />
      )}
    </Field>
  );
}

export interface TextAreaProps extends Omit<ComponentProps<"textarea">, "className">, FieldOwnProps {
  textareaClassName?: string;
}

/** A labelled <textarea> with optional hint and error text. */
export function TextArea(all: TextAreaProps) {
  const [field, { textareaClassName, rows = 5, ...props }] = splitFieldProps(all);
  return (
    <Field {...field}>
      {(control) => (
        <textarea
          rows={rows}
          dir="auto"
          required={field.required}
          className={cx(fieldStyles.control, fieldStyles.textarea, textareaClassName)}
          {...control}
          {...props}
        />
      )}
    </Field>
  );
}
