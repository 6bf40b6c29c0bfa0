import type { ComponentProps } from "react";
import { cx } from "../../lib/cx";
import styles from "./ScrollBox.module.css";

/**
 * A bordered, muted box that a long list scrolls inside. The caller's class sets its max-height
 * (and `--scroll-box-padding` for a padding other than --space-4).
 * Pair it with `useInfiniteScroll` from lib to load the next page near its bottom.
 */
export function ScrollBox({ className, ...props }: ComponentProps<"div">) {
  return <div className={cx(styles.box, className)} {...props} />;
}
