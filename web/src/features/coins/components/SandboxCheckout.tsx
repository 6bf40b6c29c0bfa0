import { Badge } from "../../../components/ui/Badge";
import { Button } from "../../../components/ui/Button";
import { Dialog } from "../../../components/ui/Dialog";
import type { CoinOrder } from "../hooks/use-checkout";
import { formatCoins, formatRupees } from "../utils/format";
import styles from "./SandboxCheckout.module.css";

export interface SandboxCheckoutProps {
  order: CoinOrder | null;
  busy: boolean;
  onPay: () => void;
  onFail: () => void;
  onClose: () => void;
}

/**
 * Stands in for Razorpay Checkout when the server has no Razorpay keys. Pay asks the server's
 * sandbox for a signed payment (the same protocol as Razorpay); Fail behaves like a declined card.
 */
export function SandboxCheckout({ order, busy, onPay, onFail, onClose }: SandboxCheckoutProps) {
  return (
    <Dialog
      open={order !== null}
      onClose={busy ? () => undefined : onClose}
      size="sm"
      closeOnBackdropClick={false}
      title={
        <span className={styles.sandboxTitle}>
          Checkout <Badge tone="warning">TEST MODE</Badge>
        </span>
      }
      description="This is a test payment: no money moves and no card is needed."
      footer={
        <>
          <Button variant="secondary" onClick={onFail} disabled={busy}>
            Fail
          </Button>
          <Button onClick={onPay} loading={busy} loadingText="Paying..." autoFocus>
            Pay {order ? formatRupees(order.amountPaise) : ""}
          </Button>
        </>
      }
    >
      {order && (
        <dl className={styles.orderSummary}>
          <div>
            <dt>Skill coins</dt>
            <dd>{formatCoins(order.coins)}</dd>
          </div>
          <div>
            <dt>Amount</dt>
            <dd>
              {formatRupees(order.amountPaise)} {order.currency}
            </dd>
          </div>
          <div>
            <dt>Order</dt>
            <dd className={styles.mono}>{order.orderId}</dd>
          </div>
        </dl>
      )}
    </Dialog>
  );
}
