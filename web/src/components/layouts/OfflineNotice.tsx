import { cx } from "../../lib/cx";
import { useOnline } from "../../lib/online";
import { Alert } from "../ui/Alert";
import styles from "./OfflineNotice.module.css";

/**
 * "You are offline", above a page that needs the server while the browser has no network. The page
 * stays as it is (its cached data, its error state); it loads again by itself when the network returns.
 */
export function OfflineNotice() {
  const online = useOnline();
  if (online) return null;
  return (
    <div className={cx("container", styles.wrap)}>
      <Alert variant="warning" role="status" title="You are offline">
        This page needs the network. It updates by itself as soon as you are back online.
      </Alert>
    </div>
  );
}
