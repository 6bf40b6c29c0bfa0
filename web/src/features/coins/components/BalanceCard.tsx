import { Link } from "react-router";
import { CoinsIcon } from "../../../components/ui/icons";
import { formatCoins, formatRupees } from "../utils/format";
import styles from "./BalanceCard.module.css";
import { paths } from "../../../lib/paths";

export interface BalanceCardProps {
  balance: number | null;
  /** Coins learners have paid this student, held until their course finishes (then they join the balance). */
  heldForYou?: number;
  coinPricePaise: number;
}

/** The caller's spendable coins, big, with what is held for them, the price and a link to the rules. */
export function BalanceCard({ balance, heldForYou = 0, coinPricePaise }: BalanceCardProps) {
  return (
    <section className={styles.balanceCard} aria-labelledby="balance-title">
      <div className={styles.balanceIcon} aria-hidden="true">
        <CoinsIcon size={28} />
      </div>
      <div className={styles.balanceText}>
        <h2 id="balance-title" className={styles.balanceLabel}>
          Your balance
        </h2>
        <p className={styles.balanceValue} data-testid="coin-balance">
          {balance === null ? "—" : formatCoins(balance)}
          <span className={styles.balanceUnit}>{balance === 1 ? "skill coin" : "skill coins"}</span>
        </p>
        {heldForYou > 0 && (
          <p className={`${styles.balanceNote} ${styles.heldNote}`} data-testid="coins-held-for-you">
            + {formatCoins(heldForYou)} {heldForYou === 1 ? "coin" : "coins"} paid to you, held until the course finishes
          </p>
        )}
        <p className={styles.balanceNote}>
          1 coin = {formatRupees(coinPricePaise)} ·{" "}
          <Link to={paths.skillCoinsRules} className={styles.inverseLink}>
            How skill coins work
          </Link>
        </p>
      </div>
    </section>
  );
}
