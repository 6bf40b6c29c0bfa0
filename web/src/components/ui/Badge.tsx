import type { ComponentProps } from "react";
import { cx } from "../../lib/cx";
import styles from "./Badge.module.css";

export interface BadgeProps extends ComponentProps<"span"> {
  tone?: "neutral" | "accent" | "success" | "warning" | "danger";
}

/** A small pill for counts, statuses and tags. */
export function Badge({ tone = "neutral", className, ...props }: BadgeProps) {
  return <span className={cx(styles.badge, styles[tone], className)} {...props} />;
}
