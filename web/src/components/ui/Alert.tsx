import type { ComponentProps, ReactNode } from "react";
import { cx } from "../../lib/cx";
import styles from "./Alert.module.css";
import { AlertCircleIcon, AlertTriangleIcon, CheckCircleIcon, CloseIcon, InfoIcon } from "./icons";

export type AlertVariant = "info" | "success" | "warning" | "danger";

export interface AlertProps extends Omit<ComponentProps<"div">, "title"> {
  variant?: AlertVariant;
  title?: ReactNode;
  /** Shows a close button that calls this. */
  onDismiss?: () => void;
  /** Replace the default icon, or pass null for none. */
  icon?: ReactNode;
}

const icons: Record<AlertVariant, ReactNode> = {
  info: <InfoIcon size={18} />,
  success: <CheckCircleIcon size={18} />,
  warning: <AlertTriangleIcon size={18} />,
  danger: <AlertCircleIcon size={18} />,
};

/** An inline message. role="alert" so it is announced when it appears. */
export function Alert({ variant = "info", title, onDismiss, icon, role = "alert", className, children, ...props }: AlertProps) {
  const shownIcon = icon === undefined ? icons[variant] : icon;
  return (
    <div role={role} className={cx(styles.alert, styles[variant], className)} {...props}>
      {shownIcon && <span className={styles.icon}>{shownIcon}</span>}
      <div className={styles.body}>
        {title && <p className={styles.title}>{title}</p>}
        {children && <div className={styles.content}>{children}</div>}
      </div>
      {onDismiss && (
        <button type="button" className={styles.dismiss} onClick={onDismiss} aria-label="Dismiss">
          <CloseIcon size={16} />
        </button>
      )}
    </div>
  );
}
