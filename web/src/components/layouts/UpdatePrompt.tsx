import { dismissUpdate, useUpdateAvailable } from "../../lib/pwa";
import { Button } from "../ui/Button";
import { CloseIcon, RefreshIcon } from "../ui/icons";
import styles from "./UpdatePrompt.module.css";

/**
 * "A new version is available": shown when a new deployment's service worker is waiting. Non-blocking
 * (a corner card, the page stays usable); Reload moves this tab to the new version. The live region
 * is always there so screen readers announce the message when it appears.
 */
export function UpdatePrompt() {
  const apply = useUpdateAvailable();
  return (
    <div role="status" className={styles.region}>
      {apply && (
        <div className={styles.card}>
          <p className={styles.text}>A new version of Skill Exchange is available.</p>
          <div className={styles.actions}>
            <Button size="sm" startIcon={<RefreshIcon size={16} />} onClick={apply}>
              Reload
            </Button>
            <Button size="sm" variant="ghost" iconOnly aria-label="Not now" onClick={dismissUpdate}>
              <CloseIcon size={16} />
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
