import type { ComponentProps, ReactNode } from "react";
import { Link, type LinkProps } from "react-router";
import { cx } from "../../lib/cx";
import styles from "./Button.module.css";
import { Spinner } from "./Spinner";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";
export type ButtonSize = "sm" | "md" | "lg";

interface StyleOptions {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  iconOnly?: boolean;
  className?: string;
}

/** Button classes, for anything that should look like a button (e.g. a plain <a>). */
export function buttonClassName({ variant = "primary", size = "md", fullWidth, iconOnly, className }: StyleOptions = {}) {
  return cx(styles.button, styles[variant], styles[size], fullWidth && styles.fullWidth, iconOnly && styles.iconOnly, className);
}

export interface ButtonProps extends ComponentProps<"button">, Omit<StyleOptions, "className"> {
  /** Shows a spinner, sets aria-busy and aria-disabled and blocks clicks (the button keeps focus). */
  loading?: boolean;
  /** Label while loading, e.g. "Signing in..."; defaults to the children. */
  loadingText?: ReactNode;
  startIcon?: ReactNode;
  endIcon?: ReactNode;
}

export function Button({
  variant,
  size,
  fullWidth,
  iconOnly,
  loading = false,
  loadingText,
  startIcon,
  endIcon,
  disabled,
  className,
  children,
  type = "button",
  onClick,
  ...props
}: ButtonProps) {
  // While loading the button stays focusable (aria-disabled, not disabled): a keyboard user
  // keeps their place, and a dialog the action opens can hand focus back to it.
  const blocked = loading && !disabled;
  return (
    <button
      type={type}
      className={buttonClassName({ variant, size, fullWidth, iconOnly, className })}
      disabled={disabled}
      aria-disabled={blocked || undefined}
      aria-busy={loading || undefined}
      onClick={(event) => {
        if (loading) {
          event.preventDefault(); // also stops a submit button's form submission
          return;
        }
        onClick?.(event);
      }}
      {...props}
    >
      {loading ? (
        <Spinner size="sm" label={null} tone={variant === "primary" || variant === "danger" ? "inverse" : "default"} />
      ) : (
        startIcon && <span className={styles.icon}>{startIcon}</span>
      )}
      {loading && loadingText !== undefined ? loadingText : children}
      {!loading && endIcon && <span className={styles.icon}>{endIcon}</span>}
    </button>
  );
}

export interface ButtonLinkProps extends LinkProps, Omit<StyleOptions, "className"> {
  startIcon?: ReactNode;
  endIcon?: ReactNode;
}

/** A router link that looks like a button: use for navigation, Button for actions. */
export function ButtonLink({ variant, size, fullWidth, iconOnly, startIcon, endIcon, className, children, ...props }: ButtonLinkProps) {
  return (
    <Link className={buttonClassName({ variant, size, fullWidth, iconOnly, className: className as string | undefined })} {...props}>
      {startIcon && <span className={styles.icon}>{startIcon}</span>}
      {children}
      {endIcon && <span className={styles.icon}>{endIcon}</span>}
    </Link>
  );
}
