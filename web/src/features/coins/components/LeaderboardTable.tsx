import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { Badge } from "../../../components/ui/Badge";
import { StarIcon } from "../../../components/ui/icons";
import type { LeaderboardViewQuery } from "../../../gql/graphql";
import { cx } from "../../../lib/cx";
import { formatCoins } from "../utils/format";
import styles from "./LeaderboardTable.module.css";
import { paths } from "../../../lib/paths";

type Row = LeaderboardViewQuery["leaderboard"]["edges"][number]["node"];

export interface LeaderboardTableProps {
  rows: Row[];
  /** The signed-in viewer (from the session, never the address): their row is highlighted. */
  viewerId: string | null;
  /** The id profile links carry (/user/{id}/{linkID}/Male, the spec's currentID). */
  linkID: string;
  /** "My place": bring the viewer's row on screen once it is shown (not again on each refresh). */
  revealViewer?: boolean;
  /** A period view's column heading ("This week"): the rows' period numbers get a column. Absent: the spec's four columns. */
  periodLabel?: string | null;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/** Rank, Name, Rating, Skill Coins (and the period's numbers in a period view). Names open /user/{id}/{currentID}/Male (spec). */
export function LeaderboardTable({ rows, viewerId, linkID, periodLabel = null, revealViewer = false }: LeaderboardTableProps) {
  const viewerRow = useRef<HTMLTableRowElement>(null);
  const revealed = useRef(false);
  const viewerShown = rows.some((r) => r.userId === viewerId);
  useEffect(() => {
    if (!revealViewer) {
      revealed.current = false;
      return;
    }
    if (revealed.current || !viewerShown || !viewerRow.current) return;
    revealed.current = true;
    viewerRow.current.scrollIntoView?.({ block: "center" });
  }, [revealViewer, viewerShown]);
  return (
    <div className={styles.tableWrap}>
      <table className={cx(styles.board, periodLabel && styles.withPeriod)}>
        <caption className="visually-hidden">
          {periodLabel
            ? `Leaderboard, ${periodLabel.toLowerCase()}: students ranked by the ratings they received, then lessons held`
            : "Leaderboard: students ranked by rating, then number of ratings, then skill coins"}
        </caption>
        <thead>
          <tr>
            <th scope="col" className={styles.rankCol}>
              Rank
            </th>
            <th scope="col">Name</th>
            <th scope="col" className={cx(styles.num, styles.ratingCol)}>
              Rating
            </th>
            <th scope="col" className={cx(styles.num, styles.coinsCol)}>
              Skill Coins
            </th>
            {periodLabel && (
              <th scope="col" className={cx(styles.num, styles.periodCol)}>
                {periodLabel}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const me = viewerId !== null && r.userId === viewerId;
            return (
              <tr key={r.userId} ref={me ? viewerRow : undefined} className={cx(me && styles.meRow)} aria-current={me ? "true" : undefined}>
                <td className={styles.rankCol}>
                  <span className={cx(styles.rank, r.rank <= 3 && styles[`podium${r.rank}`])}>{r.rank}</span>
                </td>
                <td>
                  <Link to={paths.profile(r.userId, linkID, "Male")} className={styles.nameLink} dir="auto">
                    {r.name}
                  </Link>
                  {me && (
                    <Badge tone="accent" className={styles.youBadge}>
                      You
                    </Badge>
                  )}
                </td>
                <td className={styles.num}>
                  {r.ratingCount > 0 ? (
                    <>
                      <span className={styles.rating}>
                        <StarIcon size={14} aria-hidden="true" />
                        {r.rating.toFixed(1)}
                      </span>
                      <span className={styles.ratingCount}>
                        {r.ratingCount} {r.ratingCount === 1 ? "rating" : "ratings"}
                      </span>
                    </>
                  ) : (
                    <span className={styles.ratingCount}>Not rated yet</span>
                  )}
                </td>
                <td className={styles.num}>{formatCoins(r.skillCoins)}</td>
                {periodLabel && (
                  <td className={styles.num}>
                    {r.periodRatingCount ? (
                      <span className={styles.rating}>
                        <StarIcon size={14} aria-hidden="true" />
                        {(r.periodRating ?? 0).toFixed(1)}
                        <span className="visually-hidden"> from {plural(r.periodRatingCount, "rating")}</span>
                      </span>
                    ) : null}
                    <span className={styles.periodNumbers}>
                      {r.periodRatingCount ? `${plural(r.periodRatingCount, "rating")}, ` : ""}
                      {plural(r.periodLessons ?? 0, "lesson")}
                    </span>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
