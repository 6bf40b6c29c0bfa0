import { isRouteErrorResponse, useRouteError } from "react-router";
import { cx } from "../../lib/cx";
import { Logo } from "../layouts/Logo";
import { Button, ButtonLink } from "../ui/Button";
import { AlertTriangleIcon, HomeIcon, RefreshIcon } from "../ui/icons";
import styles from "./ErrorView.module.css";
import { NotFoundView } from "./NotFoundView";
import { useOnline } from "../../lib/online";
import { paths } from "../../lib/paths";

export const ERROR_TITLE = "Unexpected Application Error!";

/** A lazily loaded module or its CSS that the browser could not fetch (the wording of Chromium, Firefox, Safari, Vite). */
function isDownloadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to fetch/i.test(error.message)
  );
}

interface ErrorViewProps {
  /** Standalone page without the chrome, for errors thrown by the layout itself. */
  fullPage?: boolean;
}

/** The router's errorElement. A thrown 404 response renders the not-found page instead. */
export function ErrorView({ fullPage = false }: ErrorViewProps) {
  const error = useRouteError();
  const online = useOnline();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView fullPage={fullPage} />;

  // A page's code that could not be downloaded (offline before the app was saved on this device, a new release): said
  // plainly, and reloading waits for the network (offline, a reload shows the browser's own error page).
  const download = isDownloadError(error);
  const message = download
    ? online
      ? "This page could not be downloaded. Check your connection and reload."
      : "You are offline, and this page is not saved on this device yet. It opens once you are back online."
    : isRouteErrorResponse(error)
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
          <Button
            variant="primary"
            startIcon={<RefreshIcon size={16} />}
            onClick={() => window.location.reload()}
            disabled={download && !online}
          >
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
