import { useQuery } from "@apollo/client/react";
import type { ReactNode } from "react";
import { Alert } from "../../../components/ui/Alert";
import { Button } from "../../../components/ui/Button";
import { Dialog } from "../../../components/ui/Dialog";
import { LoadError } from "../../../components/ui/LoadError";
import { Spinner } from "../../../components/ui/Spinner";
import { PayBalanceDocument } from "../../../gql/graphql";
import { coinsText, NOT_ENOUGH_COINS } from "../utils/pay";
import styles from "./PayConfirmDialog.module.css";

export interface PayConfirmDialogProps {
  /** Who is paid (the teacher who accepted the pay request). */
  partnerName: string;
  /** The coins the request asks for. */
  amount: number;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** A way to buy coins (the shortfall given), shown when the balance is short. */
  buyCoins: (shortfall: number) => ReactNode;
}

/**
 * Paying spends coins: the learner sees whom they pay, how much and what their balance will be
 * (read from the server as the dialog opens) before anything moves. Cancel spends nothing.
 */
export function PayConfirmDialog({ partnerName, amount, busy, onConfirm, onClose, buyCoins }: PayConfirmDialogProps) {
  const { data, error, refetch } = useQuery(PayBalanceDocument, { fetchPolicy: "network-only" });
  const balance = data?.skillCoins.balance;
  const after = balance === undefined ? undefined : balance - amount;
  const short = after !== undefined && after < 0;

  return (
    <Dialog
      open
      onClose={onClose}
      role="alertdialog"
      size="sm"
      title={
        <>
          Pay <span dir="auto">{partnerName}</span> {coinsText(amount)}?
        </>
      }
      description={`The coins are held for ${partnerName} and reach them when you both finish the course.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} autoFocus>
            Cancel
          </Button>
          <Button onClick={onConfirm} loading={busy} loadingText="Paying..." disabled={after === undefined || short}>
            Pay {amount}
          </Button>
        </>
      }
    >
      {error && balance === undefined ? (
        <LoadError message="Your balance could not be loaded." onRetry={() => refetch()} />
      ) : balance === undefined || after === undefined ? (
        <Spinner showLabel label="Loading your balance..." />
      ) : (
        <>
          <dl className={styles.sums}>
            <div className={styles.row}>
              <dt>Pay to</dt>
              <dd>{partnerName}</dd>
            </div>
            <div className={styles.row}>
              <dt>Amount</dt>
              <dd>{coinsText(amount)}</dd>
            </div>
            <div className={styles.row}>
              <dt>Your balance now</dt>
              <dd>{coinsText(balance)}</dd>
            </div>
            <div className={`${styles.row} ${styles.total}`}>
              <dt>Balance after</dt>
              <dd data-testid="balance-after">{short ? "Not enough" : coinsText(after)}</dd>
            </div>
          </dl>
          {short && (
            <Alert variant="danger" title={NOT_ENOUGH_COINS}>
              You have {coinsText(balance)} and this course costs {coinsText(amount)}. {buyCoins(amount - balance!)}
            </Alert>
          )}
        </>
      )}
    </Dialog>
  );
}
