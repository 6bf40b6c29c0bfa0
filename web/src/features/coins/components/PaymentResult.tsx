import { useNavigate } from "react-router";
import { Button, ButtonLink } from "../../../components/ui/Button";
import { Card } from "../../../components/ui/Card";
import { AlertCircleIcon, CheckCircleIcon } from "../../../components/ui/icons";
import { cx } from "../../../lib/cx";
import { useCountdown } from "../hooks/use-countdown";
import { coinsPath, returnTarget } from "../hooks/use-return-to";
import styles from "./PaymentResult.module.css";

/** Spec 9: the result pages count down 5 seconds, then go to /skill-coins. */
export const RESULT_REDIRECT_SECONDS = 5;

export interface PaymentResultProps {
  outcome: "success" | "failure";
  title: string;
  children?: React.ReactNode;
  /** The page the student came to buy coins from: offered as the way back, and kept on /skill-coins. */
  returnTo?: string;
}

export function PaymentResult({ outcome, title, children, returnTo }: PaymentResultProps) {
  const navigate = useNavigate();
  const target = returnTarget(returnTo);
  const back = () => navigate(coinsPath(target), { replace: true });
  const left = useCountdown(RESULT_REDIRECT_SECONDS, back);
  const progress = (RESULT_REDIRECT_SECONDS - left) / RESULT_REDIRECT_SECONDS;

  return (
    <Card padding="lg" className={cx(styles.result, styles[outcome])}>
      <div className={styles.resultIcon} aria-hidden="true">
        {outcome === "success" ? <CheckCircleIcon size={40} /> : <AlertCircleIcon size={40} />}
      </div>
      <h1 className={styles.resultTitle}>{title}</h1>
      <div role={outcome === "failure" ? "alert" : "status"} className={styles.resultBody}>
        {children}
      </div>
      <p className={styles.countdown} aria-live="polite" data-testid="countdown">
        Taking you back to your skill coins in <strong>{left}</strong> {left === 1 ? "second" : "seconds"}
      </p>
      <div className={styles.progress} aria-hidden="true">
        <span style={{ transform: `scaleX(${progress})` }} />
      </div>
      <div className={styles.resultActions}>
        {target && (
          <ButtonLink to={target.path} replace variant={outcome === "success" ? "primary" : "secondary"}>
            {target.label}
          </ButtonLink>
        )}
        <Button variant={outcome === "success" && !target ? "primary" : "secondary"} onClick={back}>
          Go to Skill Coins now
        </Button>
      </div>
    </Card>
  );
}
