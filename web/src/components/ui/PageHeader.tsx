import type { ReactNode } from "react";
import { cx } from "../../lib/cx";
import styles from "./PageHeader.module.css";

export interface PageHeaderProps {
  /** The page's <h1>. */
  title: ReactNode;
  description?: ReactNode;
  /** Small label above the title. */
  eyebrow?: ReactNode;
  /** Buttons on the right (wrap below on small screens). */
  actions?: ReactNode;
  /** A back link/button shown above everything. */
  back?: ReactNode;
  /** Without the bottom rule. */
  plain?: boolean;
  className?: string;
}

export function PageHeader({ title, description, eyebrow, actions, back, plain = false, className }: PageHeaderProps) {
  return (
    <header className={cx(styles.header, plain && styles.plain, className)}>
      <div className={styles.text}>
        {back && <div className={styles.back}>{back}</div>}
        {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
        <h1 className={styles.title}>{title}</h1>
        {description && <p className={styles.description}>{description}</p>}
      </div>
      {actions && <div className={styles.actions}>{actions}</div>}
    </header>
  );
}
