import type { DataSource } from "typeorm";
import type { Deps } from "../../services.js";
import { badInput } from "../../shared/errors.js";
import { User } from "../accounts/user.entity.js";
import type { UsersService } from "../accounts/users.service.js";

export const LEADERBOARD_MAX = 100;

export interface LeaderboardRowView {
  rank: number;
  userId: string;
  name: string;
  rating: number;
  ratingCount: number;
  skillCoins: number;
}

/**
 * Public ranking: rating value, then rating count, then coins; equal triples share a rank
 * (1, 2, 2, 4). The ranking reads only idx_users_leaderboard (ratingAvg, ratingCount, skillCoins;
 * the primary key rides along), backwards, `first` entries; names are then fetched by id. Asking
 * for the name in the same query made MariaDB prefer a full scan plus filesort.
 */
export class LeaderboardService {
  constructor(
    private readonly deps: Deps,
    private readonly users: UsersService,
  ) {}

  async top(first = LEADERBOARD_MAX): Promise<LeaderboardRowView[]> {
    if (!Number.isSafeInteger(first) || first < 1) throw badInput(`first must be between 1 and ${LEADERBOARD_MAX}`);
    const rows = await leaderboardQuery(this.deps.dataSource, Math.min(first, LEADERBOARD_MAX)).getRawMany<{
      id: string;
      ratingAvg: number | string;
      ratingCount: number | string;
      skillCoins: number | string;
    }>();
    const names = await this.users.summaries(rows.map((r) => r.id));
    const out: LeaderboardRowView[] = [];
    rows.forEach((r, i) => {
      const row = { userId: r.id, rating: Number(r.ratingAvg), ratingCount: Number(r.ratingCount), skillCoins: Number(r.skillCoins) };
      const prev = out[i - 1];
      const tied = prev && prev.rating === row.rating && prev.ratingCount === row.ratingCount && prev.skillCoins === row.skillCoins;
      out.push({ ...row, rank: tied ? prev.rank : i + 1, name: names.get(r.id)?.name ?? "" });
    });
    return out;
  }
}

/** The ranking query: index-only (exported so a test can EXPLAIN it on both databases). */
export function leaderboardQuery(ds: DataSource, limit: number) {
  return ds
    .getRepository(User)
    .createQueryBuilder("u")
    .select("u.id", "id")
    .addSelect("u.ratingAvg", "ratingAvg")
    .addSelect("u.ratingCount", "ratingCount")
    .addSelect("u.skillCoins", "skillCoins")
    .orderBy("u.ratingAvg", "DESC")
    .addOrderBy("u.ratingCount", "DESC")
    .addOrderBy("u.skillCoins", "DESC")
    .limit(limit);
}
