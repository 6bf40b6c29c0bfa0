import { useLocation } from "react-router";
import { Page } from "../../components/layouts/Page";
import styles from "./skill-coins-result.module.css";
import { PaymentResult } from "../../features/coins/components/PaymentResult";
import type { PaymentResultState } from "../../features/coins/hooks/use-checkout";
import { formatCoins } from "../../features/coins/utils/format";

/** /skill-coins/success: 'Payment Successful!', then back to /skill-coins after 5 seconds. */
export function Component() {
  const state = (useLocation().state ?? {}) as PaymentResultState;
  return (
    <Page width="narrow" className={styles.resultPage}>
      <title>Payment Successful · Skill Exchange</title>
      <PaymentResult outcome="success" returnTo={state.returnTo} title="Payment Successful!">
        {state.coins !== undefined ? (
          <p>
            {formatCoins(state.coins)} skill {state.coins === 1 ? "coin was" : "coins were"} added to your account.
            {state.balance !== undefined && (
              <>
                {" "}
                Your balance is now <strong data-testid="new-balance">{formatCoins(state.balance)}</strong>.
              </>
            )}
          </p>
        ) : (
          <p>Your skill coins were added to your account.</p>
        )}
      </PaymentResult>
    </Page>
  );
}
