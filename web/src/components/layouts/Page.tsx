import type { ComponentProps } from "react";
import { cx } from "../../lib/cx";
import styles from "./Page.module.css";

export interface PageProps extends ComponentProps<"div"> {
  /** Content width: default (1160px), narrow (760px, forms and text) or full. */
  width?: "default" | "narrow" | "full";
}

/** The standard page body inside the chrome: centred, padded, responsive. */
export function Page({ width = "default", className, ...props }: PageProps) {
  return <div className={cx(styles.page, styles[width], className)} {...props} />;
}
