import { isRouteErrorResponse, useRouteError } from "react-router";
import { cx } from "../../lib/cx";
import { Logo } from "../layouts/Logo";
import { Button, ButtonLink } from "../ui/Button";
import { AlertTriangleIcon, HomeIcon, RefreshIcon } from "../ui/icons";
import styles from "./ErrorView.module.css";
import { NotFoundView } from "./NotFoundView";
import { paths } from "../../lib/paths";

export const ERROR_TITLE = "Unexpected Application Error!";

interface ErrorViewProps {
  /** Standalone page without the chrome, for errors thrown by the layout itself. */
  fullPage?: boolean;
}

/** The router's errorElement. A thrown 404 response renders the not-found page instead. */
export function ErrorView({ fullPage = false }: ErrorViewProps) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView fullPage={fullPage} />;

  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`.trim()
    : error instanceof Error
      ? error.message
      : typeof error === "string"
        ? error
        : "Something went wrong while showing this page.";
  const stack = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;

  return (
    <div className={cx(styles.wrap, fullPage && styles.fullPage)}>
      <title>{`Error · Skill Exchange`}</title>
      <div className={styles.card}>
        {fullPage && <Logo className={styles.logo} />}
        <div className={styles.icon} aria-hidden="true">
          <AlertTriangleIcon size={26} />
        </div>
        <h1 className={styles.title}>{ERROR_TITLE}</h1>
        <p className={styles.message}>{message}</p>
        <div className={styles.actions}>
          <Button variant="primary" startIcon={<RefreshIcon size={16} />} onClick={() => window.location.reload()}>
            Reload page
          </Button>
          <ButtonLink to={paths.home} reloadDocument={fullPage} variant="secondary" startIcon={<HomeIcon size={16} />}>
            Start page
          </ButtonLink>
        </div>
        {stack && (
          <details className={styles.details}>
            <summary>Technical details</summary>
            <pre>{stack}</pre>
          </details>
        )}
      </div>
    </div>
  );
}
