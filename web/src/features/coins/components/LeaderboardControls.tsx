import { CATEGORIES } from "../../../../../common/profiles";
import { Select } from "../../../components/ui/Select";
import type { LeaderboardPeriod } from "../../../gql/graphql";
import { cx } from "../../../lib/cx";
import styles from "./LeaderboardControls.module.css";

export const PERIOD_LABELS: Record<LeaderboardPeriod, string> = {
  ALL_TIME: "All time",
  WEEK: "This week",
  MONTH: "This month",
};
const PERIODS: LeaderboardPeriod[] = ["WEEK", "MONTH", "ALL_TIME"];

export interface LeaderboardControlsProps {
  category: string | null;
  period: LeaderboardPeriod;
  /** Whether the table shows the viewer's place (with the students around them) instead of the top. */
  myPlace: boolean;
  /** False for a visitor who is not signed in: no "My place". */
  canShowMyPlace: boolean;
  onCategory(category: string | null): void;
  onPeriod(period: LeaderboardPeriod): void;
  onMyPlace(on: boolean): void;
}

/** Which board: a skill category, This week / This month / All time, and "My place" for a signed-in student. */
export function LeaderboardControls(p: LeaderboardControlsProps) {
  return (
    <div className={styles.controls}>
      <div role="group" aria-label="Period" className={styles.segments}>
        {PERIODS.map((period) => (
          <button
            key={period}
            type="button"
            aria-pressed={p.period === period}
            className={cx(styles.segment, p.period === period && styles.on)}
            onClick={() => p.onPeriod(period)}
          >
            {PERIOD_LABELS[period]}
          </button>
        ))}
      </div>
      <Select
        label="Skill category"
        className={styles.category}
        value={p.category ?? ""}
        onChange={(e) => p.onCategory(e.target.value || null)}
        options={[{ value: "", label: "All categories" }, ...CATEGORIES]}
      />
      {p.canShowMyPlace && (
        <button
          type="button"
          aria-pressed={p.myPlace}
          className={cx(styles.myPlace, p.myPlace && styles.on)}
          onClick={() => p.onMyPlace(!p.myPlace)}
        >
          My place
        </button>
      )}
    </div>
  );
}
