import type { ReactNode } from "react";
import { cx } from "../../lib/cx";
import styles from "./Spinner.module.css";

export interface SpinnerProps {
  size?: "sm" | "md" | "lg";
  /** Screen-reader label; visible when `showLabel`. Pass null for a purely decorative spinner. */
  label?: ReactNode;
  showLabel?: boolean;
  tone?: "default" | "inverse";
  className?: string;
}

export function Spinner({ size = "md", label = "Loading...", showLabel = false, tone = "default", className }: SpinnerProps) {
  const ring = <span className={cx(styles.spinner, styles[size], tone === "inverse" && styles.inverse)} aria-hidden="true" />;
  if (label === null) return <span className={className}>{ring}</span>;
  return (
    <span role="status" className={cx(styles.wrapper, className)}>
      {ring}
      <span className={showLabel ? undefined : "visually-hidden"}>{label}</span>
    </span>
  );
}

/** A labelled spinner centred in a tall block: what a page or list shows while its data first loads. */
export function LoadingBlock({ label = "Loading..." }: { label?: ReactNode }) {
  return (
    <div className={styles.block}>
      <Spinner size="lg" showLabel label={label} />
    </div>
  );
}

export interface FullScreenSpinnerProps {
  /** Text under the spinner, also announced to screen readers. */
  label?: ReactNode;
}

/** Covers the page while a screen loads its first data. */
export function FullScreenSpinner({ label = "Loading..." }: FullScreenSpinnerProps) {
  return (
    <div className={styles.fullScreen}>
      <div role="status" aria-live="polite" className={styles.fullScreenInner}>
        <span className={cx(styles.spinner, styles.lg)} aria-hidden="true" />
        <span>{label}</span>
      </div>
    </div>
  );
}
