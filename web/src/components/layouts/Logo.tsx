import { useId } from "react";
import { Link } from "react-router";
import { cx } from "../../lib/cx";
import { site } from "../../lib/site";
import styles from "./Logo.module.css";
import { paths } from "../../lib/paths";

/** The product mark: two arrows trading places, on the accent gradient. */
export function LogoMark({ size = 30 }: { size?: number }) {
  const gradientId = useId();
  return (
    <svg className={styles.mark} width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#6d5cf6" />
          <stop offset="0.55" stopColor="#8f5cf6" />
          <stop offset="1" stopColor="#d356c9" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill={`url(#${gradientId})`} />
      <path
        d="M10 12.5h11.5M18 9l3.5 3.5L18 16M22 19.5H10.5M14 16l-3.5 3.5L14 23"
        fill="none"
        stroke="#fff"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

interface LogoProps {
  /** Render as a link to the landing page (its accessible name is the product name). */
  link?: boolean;
  className?: string;
  onClick?: () => void;
}

export function Logo({ link = false, className, onClick }: LogoProps) {
  const content = (
    <>
      <LogoMark />
      <span>{site.name}</span>
    </>
  );
  return link ? (
    <Link to={paths.home} className={cx(styles.logo, className)} onClick={onClick}>
      {content}
    </Link>
  ) : (
    <span className={cx(styles.logo, className)}>{content}</span>
  );
}
