import { useEffect, useRef } from "react";
import { cx } from "../../lib/cx";
import { useOnline } from "../../lib/online";
import { syncRootVars } from "../../lib/root-layout-vars";
import { usePhoneScreen } from "./page-handle";
import { Alert } from "../ui/Alert";
import styles from "./OfflineNotice.module.css";

/**
 * "You are offline", above a page that needs the server while the browser has no network. The page
 * stays as it is (its cached data, its error state); it loads again by itself when the network returns.
 * It stays under the bar as the page scrolls, and what the page scrolls into view (a focused field) stops
 * below it; not over a page one screen tall (the chat), whose own header it would cover.
 */
export function OfflineNotice() {
  const online = useOnline();
  const sticky = !usePhoneScreen();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const notice = ref.current;
    if (online || !sticky || !notice) return;
    return syncRootVars([notice], () => ({ "--offline-notice-height": `${notice.offsetHeight}px` }));
  }, [online, sticky]);
  if (online) return null;
  return (
    <div ref={ref} className={cx("container", styles.wrap, sticky && styles.sticky)}>
      <Alert variant="warning" role="status" title="You are offline">
        This page needs the network. It updates by itself as soon as you are back online.
      </Alert>
    </div>
  );
}
