import { cx } from "../../lib/cx";
import { Logo } from "../layouts/Logo";
import { ButtonLink } from "../ui/Button";
import { ArrowLeftIcon } from "../ui/icons";
import styles from "./ErrorView.module.css";
import { paths } from "../../lib/paths";

export const NOT_FOUND_TITLE = "404 - Page Not Found";

export function NotFoundView({ fullPage = false }: { fullPage?: boolean }) {
  return (
    <div className={cx(styles.wrap, fullPage && styles.fullPage)}>
      <title>{`Page not found · Skill Exchange`}</title>
      <div className={styles.card}>
        {fullPage && <Logo className={styles.logo} />}
        <p className={styles.code} aria-hidden="true">
          404
        </p>
        <h1 className={styles.title}>{NOT_FOUND_TITLE}</h1>
        <p className={styles.message}>
          The page you are looking for doesn't exist or has moved. Check the address, or head back to familiar ground.
        </p>
        <div className={styles.actions}>
          <ButtonLink to={paths.home} reloadDocument={fullPage} variant="primary" startIcon={<ArrowLeftIcon size={16} />}>
            Back to start page
          </ButtonLink>
        </div>
      </div>
    </div>
  );
}
