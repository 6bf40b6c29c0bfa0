import { type FormEvent, useState } from "react";
import { ActionFeedback } from "../../../components/ui/ActionFeedback";
import { Button } from "../../../components/ui/Button";
import { Card, CardHeader } from "../../../components/ui/Card";
import { TextField } from "../../../components/ui/TextField";
import { formatCoins, formatRupees, parseCoinAmount } from "../utils/format";
import styles from "./BuyCoinsForm.module.css";

const PRESETS = [5, 10, 25, 50];

export interface BuyCoinsFormProps {
  coinPricePaise: number;
  maxCoins: number;
  sandbox: boolean;
  busy: boolean;
  serverError: string | null;
  /** The student closes the refusal (the next Buy clears it too). */
  onDismissError?: () => void;
  onBuy: (coins: number) => void;
  /** The amount the field starts with (default 10): what a payment is short of, when the student came for that. */
  initialCoins?: number;
}

/** An amount field (coins), quick picks, the price it comes to, and Buy. */
export function BuyCoinsForm({
  coinPricePaise,
  maxCoins,
  sandbox,
  busy,
  serverError,
  onDismissError = () => {},
  onBuy,
  initialCoins,
}: BuyCoinsFormProps) {
  const [amount, setAmount] = useState(String(initialCoins ?? 10));
  const [error, setError] = useState<string | null>(null);
  const parsed = parseCoinAmount(amount, maxCoins);
  const total = "coins" in parsed ? formatRupees(parsed.coins * coinPricePaise) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = parseCoinAmount(amount, maxCoins);
    if ("error" in result) return setError(result.error);
    setError(null);
    onBuy(result.coins);
  };

  return (
    <Card as="section" padding="lg" className={styles.buyCard} aria-labelledby="buy-title">
      <CardHeader
        as="h2"
        title={<span id="buy-title">Buy skill coins</span>}
        description="Pay in INR; the coins are added as soon as the payment is verified."
      />
      <form onSubmit={submit} noValidate className={styles.buyForm}>
        <TextField
          label="Amount (skill coins)"
          name="coins"
          inputMode="numeric"
          autoComplete="off"
          value={amount}
          onChange={(e) => {
            setAmount(e.target.value);
            setError(null);
          }}
          error={error ?? undefined}
          hint={`Whole coins, up to ${formatCoins(maxCoins)} per purchase.`}
        />
        <div className={styles.presets} role="group" aria-label="Quick amounts">
          {PRESETS.map((n) => (
            <button
              key={n}
              type="button"
              className={styles.preset}
              aria-pressed={amount.trim() === String(n)}
              onClick={() => {
                setAmount(String(n));
                setError(null);
              }}
            >
              {n}
            </button>
          ))}
        </div>
        <div className={styles.total} aria-live="polite">
          <span>You pay</span>
          <strong>{total ?? "—"}</strong>
        </div>
        <Button type="submit" size="lg" fullWidth loading={busy} loadingText="Opening checkout...">
          Buy
        </Button>
        {sandbox && <p className={styles.testNote}>Test mode: no real money moves. Payments open an in-app test checkout.</p>}
      </form>
      {/* A refused checkout at the bottom of the screen, as every action's answer (none above Buy to push it down). */}
      <ActionFeedback feedback={serverError ? { variant: "danger", text: serverError } : null} onDismiss={onDismissError} />
    </Card>
  );
}
