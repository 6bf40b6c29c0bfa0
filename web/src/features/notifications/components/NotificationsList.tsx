import { useState } from "react";
import { Link, useLocation } from "react-router";
import { ActionFeedback } from "../../../components/ui/ActionFeedback";
import { EmptyState } from "../../../components/ui/EmptyState";
import { SwapIcon } from "../../../components/ui/icons";
import type { Gender, NotificationFieldsFragment } from "../../../gql/graphql";
import { useNotificationActions } from "../hooks/use-notification-actions";
import { NotificationCard } from "./NotificationCard";
import { PayConfirmDialog } from "./PayConfirmDialog";
import styles from "./NotificationsList.module.css";
import { RejectDialog } from "./RejectDialog";
import { paths } from "../../../lib/paths";

export interface NotificationsListProps {
  notifications: NotificationFieldsFragment[];
  me: { id: string; gender: Gender | null };
}

/** The cards, the answer to the last action, and the confirmations before rejecting and paying. */
export function NotificationsList({ notifications, me }: NotificationsListProps) {
  const actions = useNotificationActions();
  const { pathname } = useLocation();
  const [rejecting, setRejecting] = useState<NotificationFieldsFragment | null>(null);
  const [paying, setPaying] = useState<NotificationFieldsFragment | null>(null);
  const profileHref = (n: NotificationFieldsFragment) => paths.profile(n.notifier.id, me.id, me.gender);

  async function confirmReject() {
    if (!rejecting) return;
    await actions.reject(rejecting);
    setRejecting(null);
  }

  async function confirmPay() {
    if (!paying) return;
    await actions.pay(paying);
    setPaying(null);
  }

  // Opening a confirmation starts the next action: the last answer goes.
  const ask = (open: (n: NotificationFieldsFragment) => void) => (n: NotificationFieldsFragment) => {
    actions.clearNotice();
    open(n);
  };

  // The coins page offers the way back here once the coins are bought.
  // With the shortfall when it is known: the buy form starts at what the payment lacks.
  const buyCoinsLink = (shortfall?: number, className = styles.noticeLink) => (
    <Link to={paths.skillCoins(pathname, shortfall)} className={className}>
      Buy skill coins
    </Link>
  );
  const notice = actions.notice;
  // The answer bar's next step (not the same link inside a sentence of the pay popup).
  const noticeAction = `${styles.noticeLink} ${styles.noticeAction}`;

  return (
    <>
      <ActionFeedback
        feedback={
          notice && {
            variant: notice.variant,
            text: notice.text,
            action: notice.chatWith ? (
              <Link to={paths.chat(notice.chatWith)} className={noticeAction}>
                Go to the chat
              </Link>
            ) : notice.buyCoins ? (
              buyCoinsLink(undefined, noticeAction)
            ) : undefined,
          }
        }
        onDismiss={actions.clearNotice}
        // An accepted request's card goes with its buttons: the keyboard goes on to the chat it opened (once the pay
        // confirmation has closed: while it is open the page behind it takes no focus).
        focusAction={Boolean(notice?.chatWith) && paying === null}
      />
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
              onReject={() => ask(setRejecting)(n)}
              onPay={() => ask(setPaying)(n)}
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
      {paying && (
        <PayConfirmDialog
          partnerName={paying.notifier.name}
          amount={paying.skillCoins ?? 0}
          busy={actions.busy === paying.id}
          onConfirm={() => void confirmPay()}
          onClose={() => setPaying(null)}
          buyCoins={buyCoinsLink}
        />
      )}
    </>
  );
}
