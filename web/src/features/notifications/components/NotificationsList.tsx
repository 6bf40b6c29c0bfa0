import { useState } from "react";
import { Link, useLocation } from "react-router";
import { Alert } from "../../../components/ui/Alert";
import { EmptyState } from "../../../components/ui/EmptyState";
import { SwapIcon } from "../../../components/ui/icons";
import type { Gender, NotificationFieldsFragment } from "../../../gql/graphql";
import { useNotificationActions } from "../hooks/use-notification-actions";
import { NotificationCard } from "./NotificationCard";
import styles from "./NotificationsList.module.css";
import { RejectDialog } from "./RejectDialog";
import { paths } from "../../../lib/paths";

export interface NotificationsListProps {
  notifications: NotificationFieldsFragment[];
  me: { id: string; gender: Gender | null };
}

/** The cards, the notice after an action, and the reject confirmation. */
export function NotificationsList({ notifications, me }: NotificationsListProps) {
  const actions = useNotificationActions();
  const { pathname } = useLocation();
  const [rejecting, setRejecting] = useState<NotificationFieldsFragment | null>(null);
  const profileHref = (n: NotificationFieldsFragment) => paths.profile(n.notifier.id, me.id, me.gender);

  async function confirmReject() {
    if (!rejecting) return;
    await actions.reject(rejecting);
    setRejecting(null);
  }

  return (
    <>
      <div className={styles.notice} aria-live="polite">
        {actions.notice && (
          <Alert variant={actions.notice.variant} title={actions.notice.text} onDismiss={actions.clearNotice}>
            {actions.notice.chatWith && (
              <Link to={paths.chat(actions.notice.chatWith)} className={styles.noticeLink}>
                Go to the chat
              </Link>
            )}
            {actions.notice.buyCoins && (
              // The coins page offers the way back here once the coins are bought.
              <Link to={paths.skillCoins(pathname)} className={styles.noticeLink}>
                Buy skill coins
              </Link>
            )}
          </Alert>
        )}
      </div>
      {notifications.length === 0 ? (
        <EmptyState icon={<SwapIcon />} title="No notifications" description="Swap and pay requests and their answers will show up here." />
      ) : (
        <ul className={styles.list} aria-label="Notifications">
          {notifications.map((n) => (
            <NotificationCard
              key={n.id}
              n={n}
              profileHref={profileHref(n)}
              busy={actions.busy === n.id}
              disabled={actions.busy !== null && actions.busy !== n.id}
              onAccept={() => void actions.accept(n)}
              onReject={() => setRejecting(n)}
              onPay={() => void actions.pay(n)}
              onOk={() => void actions.ok(n)}
            />
          ))}
        </ul>
      )}
      <RejectDialog
        name={rejecting?.notifier.name ?? null}
        declining={rejecting?.type === "ACCEPTED_PAY"}
        busy={rejecting !== null && actions.busy === rejecting.id}
        onConfirm={() => void confirmReject()}
        onClose={() => setRejecting(null)}
      />
    </>
  );
}
