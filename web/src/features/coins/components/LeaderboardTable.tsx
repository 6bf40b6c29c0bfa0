import { Link } from "react-router";
import { Badge } from "../../../components/ui/Badge";
import { StarIcon } from "../../../components/ui/icons";
import type { LeaderboardQuery } from "../../../gql/graphql";
import { cx } from "../../../lib/cx";
import { formatCoins } from "../utils/format";
import styles from "./LeaderboardTable.module.css";
import { paths } from "../../../lib/paths";

export interface LeaderboardTableProps {
  rows: Array<LeaderboardQuery["leaderboard"]["edges"][number]["node"]>;
  /** The viewer's id from the URL: their row is highlighted, and profile links carry it. */
  currentID: string;
}

/** Rank, Name, Rating, Skill Coins. Names open /user/{id}/{currentID}/Male (spec). */
export function LeaderboardTable({ rows, currentID }: LeaderboardTableProps) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.board}>
        <caption className="visually-hidden">Leaderboard: students ranked by rating, then number of ratings, then skill coins</caption>
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
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const me = r.userId === currentID;
            return (
              <tr key={r.userId} className={cx(me && styles.meRow)} aria-current={me ? "true" : undefined}>
                <td className={styles.rankCol}>
                  <span className={cx(styles.rank, r.rank <= 3 && styles[`podium${r.rank}`])}>{r.rank}</span>
                </td>
                <td>
                  <Link to={paths.profile(r.userId, currentID, "Male")} className={styles.nameLink} dir="auto">
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
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
