import { useApolloClient, useMutation } from "@apollo/client/react";
import { useCallback, useState } from "react";
import { useNavigate } from "react-router";
import { type CreateCoinOrderMutation, CreateCoinOrderDocument, SandboxPayDocument, VerifyCoinPaymentDocument } from "../../../gql/graphql";
import { errorText } from "../../../lib/graphql-errors";
import { loadRazorpayCheckout, openRazorpayCheckout } from "../utils/razorpay-checkout";
import { paths } from "../../../lib/paths";

export type CoinOrder = CreateCoinOrderMutation["createCoinOrder"];

/** What the result pages show (passed as router state). */
export interface PaymentResultState {
  coins?: number;
  balance?: number;
  reason?: string;
  /** Razorpay may have taken the money even though we could not confirm it (the webhook credits it later). */
  maybeCharged?: boolean;
  /** The page the student came to buy coins from, to go back to. */
  returnTo?: string;
}

/**
 * The purchase flow: the server creates the order (it alone sets the price), the checkout
 * collects the payment (Razorpay Checkout, or the TEST MODE dialog when the server runs the
 * sandbox), the server verifies the signature and credits the coins. Success goes to
 * /skill-coins/success, anything else to /skill-coins/failure.
 */
export function useCheckout(returnTo?: string) {
  const navigate = useNavigate();
  const client = useApolloClient();
  const [createOrder] = useMutation(CreateCoinOrderDocument);
  const [verify] = useMutation(VerifyCoinPaymentDocument);
  const [sandboxPay] = useMutation(SandboxPayDocument);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sandboxOrder, setSandboxOrder] = useState<CoinOrder | null>(null);

  const fail = useCallback(
    (reason: string, maybeCharged = false) =>
      navigate(paths.skillCoinsFailure, { state: { reason, maybeCharged, returnTo } satisfies PaymentResultState }),
    [navigate, returnTo],
  );

  const complete = useCallback(
    async (order: CoinOrder, paymentId: string, signature: string) => {
      try {
        const { data } = await verify({ variables: { orderId: order.orderId, paymentId, signature } });
        const result = data?.verifyCoinPayment;
        if (!result?.success) return fail("The payment could not be verified.", order.gateway === "RAZORPAY");
        // The balance and history changed: the next visit to /skill-coins reads them afresh.
        client.cache.evict({ id: "ROOT_QUERY", fieldName: "coinHistory" });
        client.cache.evict({ id: "ROOT_QUERY", fieldName: "skillCoins" });
        client.cache.gc();
        navigate(paths.skillCoinsSuccess, {
          state: { coins: result.coins, balance: result.skillCoins, returnTo } satisfies PaymentResultState,
        });
      } catch (e) {
        fail(errorText(e), order.gateway === "RAZORPAY");
      }
    },
    [client, fail, navigate, returnTo, verify],
  );

  const buy = useCallback(
    async (coins: number) => {
      setBusy(true);
      setError(null);
      let order: CoinOrder;
      try {
        const { data } = await createOrder({ variables: { coins } });
        if (!data) throw new Error("no order");
        order = data.createCoinOrder;
      } catch (e) {
        setError(errorText(e));
        setBusy(false);
        return;
      }
      if (order.gateway === "SANDBOX" || !order.keyId) {
        setSandboxOrder(order);
        setBusy(false);
        return;
      }
      try {
        await loadRazorpayCheckout();
        openRazorpayCheckout(
          {
            key: order.keyId,
            order_id: order.orderId,
            amount: order.amountPaise,
            currency: order.currency,
            name: "Skill Exchange",
            description: `${order.coins} skill coin${order.coins === 1 ? "" : "s"}`,
            handler: (response) => void complete(order, response.razorpay_payment_id, response.razorpay_signature),
            modal: { ondismiss: () => setBusy(false) },
            theme: { color: "#5b46ea" },
          },
          fail,
        );
      } catch {
        setError("Razorpay Checkout could not be loaded. Check your connection and try again.");
        setBusy(false);
      }
    },
    [complete, createOrder, fail],
  );

  /** TEST MODE: what Razorpay Checkout would hand back on Pay, then the same verification. */
  const paySandbox = useCallback(async () => {
    if (!sandboxOrder) return;
    setBusy(true);
    try {
      const { data } = await sandboxPay({ variables: { orderId: sandboxOrder.orderId } });
      if (!data) throw new Error("no payment");
      await complete(sandboxOrder, data.sandboxPay.paymentId, data.sandboxPay.signature);
    } catch (e) {
      fail(errorText(e));
    }
  }, [complete, fail, sandboxOrder, sandboxPay]);

  const failSandbox = useCallback(() => fail("The test payment was declined."), [fail]);
  const cancelSandbox = useCallback(() => setSandboxOrder(null), []);

  return { buy, busy, error, clearError: () => setError(null), sandboxOrder, paySandbox, failSandbox, cancelSandbox };
}
