import type { ComponentProps, ReactNode } from "react";
import { cx } from "../../lib/cx";
import { Field, type FieldOwnProps, fieldStyles, splitFieldProps } from "./Field";

export interface SelectOption {
  value: string;
  label: ReactNode;
  disabled?: boolean;
}

export interface SelectProps extends Omit<ComponentProps<"select">, "className">, FieldOwnProps {
  /** Options to render; alternatively pass <option> children. */
  options?: ReadonlyArray<SelectOption | string>;
  /** A first, empty option such as "Select a category". */
  placeholder?: string;
  selectClassName?: string;
}

/** A labelled native <select> (native for keyboard and mobile pickers), styled to match inputs. */
export function Select(all: SelectProps) {
  const [field, { selectClassName, options, placeholder, children, ...props }] = splitFieldProps(all);
  const required = field.required;
  return (
    <Field {...field}>
      {(control) => (
        <div className={fieldStyles.selectWrap}>
          <select required={required} className={cx(fieldStyles.control, fieldStyles.select, selectClassName)} {...control} {...props}>
            {placeholder !== undefined && (
              <option value="" disabled={required}>
                {placeholder}
              </option>
            )}
            {options?.map((option) => {
              const o = typeof option === "string" ? { value: option, label: option } : option;
              return (
                <option key={o.value} value={o.value} disabled={o.disabled}>
                  {o.label}
                </option>
              );
            })}
            {children}
          </select>
          <svg
            className={fieldStyles.chevron}
            width="16"
            height="16"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
          >
            <path d="M6 9l6 6 6-6" />
          </svg>
        </div>
      )}
    </Field>
  );
}
