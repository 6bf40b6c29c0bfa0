import type { ReactNode } from "react";
import { LogoMark } from "../../../components/layouts/Logo";
import styles from "./AuthCard.module.css";

interface AuthCardProps {
  /** The page's <h1>. */
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Under the card body, e.g. "Already have an account? Sign in". */
  footer?: ReactNode;
}

/** The centred card every sign-in, sign-up and reset screen sits in. */
export function AuthCard({ title, description, children, footer }: AuthCardProps) {
  return (
    <div className={styles.backdrop}>
      <section className={styles.card} aria-labelledby="auth-title">
        <div className={styles.head}>
          <LogoMark size={40} />
          <h1 id="auth-title" className={styles.title}>
            {title}
          </h1>
          {description && <p className={styles.description}>{description}</p>}
        </div>
        {children}
        {footer && <div className={styles.footer}>{footer}</div>}
      </section>
    </div>
  );
}
