import type { ReactNode } from "react";
import { cx } from "../../lib/cx";
import styles from "./EmptyState.module.css";

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  /** Buttons or links. */
  action?: ReactNode;
  /** Heading level for the title. */
  as?: "h1" | "h2" | "h3";
  /** Without the dashed frame. */
  plain?: boolean;
  className?: string;
}

/** What a list or page shows when it has nothing to show ("No Chats", "No notifications"). */
export function EmptyState({ title, description, icon, action, as: Heading = "h2", plain = false, className }: EmptyStateProps) {
  return (
    <div className={cx(styles.empty, plain && styles.plain, className)}>
      {icon && (
        <div className={styles.icon} aria-hidden="true">
          {icon}
        </div>
      )}
      <Heading className={styles.title}>{title}</Heading>
      {description && <p className={styles.description}>{description}</p>}
      {action && <div className={styles.actions}>{action}</div>}
    </div>
  );
}
