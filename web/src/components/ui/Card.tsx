import type { ComponentProps, ElementType, ReactNode } from "react";
import { cx } from "../../lib/cx";
import styles from "./Card.module.css";

export interface CardProps extends ComponentProps<"div"> {
  /** Element to render, e.g. "section", "article", "li". */
  as?: ElementType;
  padding?: "none" | "sm" | "md" | "lg";
  /** Lift on hover, for cards that are links or buttons. */
  interactive?: boolean;
}

export function Card({ as: Tag = "div", padding = "md", interactive = false, className, ...props }: CardProps) {
  return <Tag className={cx(styles.card, styles[`padding-${padding}`], interactive && styles.interactive, className)} {...props} />;
}

export interface CardHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons aligned to the right of the title. */
  actions?: ReactNode;
  /** Heading level of the title. */
  as?: "h2" | "h3" | "h4";
  className?: string;
}

export function CardHeader({ title, description, actions, as: Heading = "h3", className }: CardHeaderProps) {
  return (
    <div className={cx(styles.header, className)}>
      <div>
        <Heading className={styles.title}>{title}</Heading>
        {description && <p className={styles.description}>{description}</p>}
      </div>
      {actions}
    </div>
  );
}

export function CardFooter({ className, ...props }: ComponentProps<"div">) {
  return <div className={cx(styles.footer, className)} {...props} />;
}
