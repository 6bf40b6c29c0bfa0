import { useLocation } from "react-router";
import { Page } from "../../components/layouts/Page";
import styles from "./skill-coins-result.module.css";
import { PaymentResult } from "../../features/coins/components/PaymentResult";
import type { PaymentResultState } from "../../features/coins/hooks/use-checkout";

/** /skill-coins/failure: 'Payment Failure!', then back to /skill-coins after 5 seconds. */
export function Component() {
  const state = (useLocation().state ?? {}) as PaymentResultState;
  return (
    <Page width="narrow" className={styles.resultPage}>
      <title>Payment Failure · Skill Exchange</title>
      <PaymentResult outcome="failure" returnTo={state.returnTo} title="Payment Failure!">
        <p>{state.reason ?? "The payment did not go through."} No skill coins were added.</p>
        {state.maybeCharged && (
          <p>If money did leave your account, the coins are added automatically once Razorpay confirms the payment.</p>
        )}
      </PaymentResult>
    </Page>
  );
}
