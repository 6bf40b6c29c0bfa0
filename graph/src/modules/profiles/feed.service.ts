import { MAX_SKILL_LENGTH, skillKeyOf } from "../../../../common/profiles.js";
import type { Deps } from "../../services.js";
import { badInput } from "../../shared/errors.js";
import type { BlocksService } from "../blocks/blocks.service.js";
import { type CursorKey, feedQuery } from "./feed-query.js";
import { FeedSnapshot } from "./feed-snapshot.entity.js";
import type { ProfileRow, ProfilesService } from "./profiles.service.js";
import { isSqlite, rawQuery, readDate } from "./sql.js";

export const FEED_PAGE_SIZE = 10;
export const MAX_FEED_PAGE_SIZE = 50;
export const SEARCH_LIMIT = 50;
export const SEARCH_FILTERS = ["name", "skillsKnown", "languages"] as const;
export type SearchFilter = (typeof SEARCH_FILTERS)[number];

export interface FeedPage {
  users: ProfileRow[];
  endCursor: string | null;
  hasNextPage: boolean;
}

export function encodeCursor(k: CursorKey): string {
  return Buffer.from(JSON.stringify([k.score, k.createdAt.toISOString(), k.id])).toString("base64url");
}

export function decodeCursor(cursor: string): CursorKey {
  try {
    const [score, at, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as [unknown, unknown, unknown];
    const createdAt = new Date(String(at));
    if (typeof score !== "number" || !Number.isInteger(score) || typeof id !== "string" || Number.isNaN(createdAt.getTime())) throw 0;
    return { score, createdAt, id };
  } catch {
    throw badInput("Invalid feed cursor");
  }
}

const FILLED = `u.gender IS NOT NULL
    AND u.id NOT IN (:...excluded)
    AND EXISTS (SELECT 1 FROM user_skills q WHERE q.userId = u.id AND q.kind = 'required')`;

export class FeedService {
  constructor(
    private readonly deps: Deps,
    private readonly profiles: ProfilesService,
    private readonly blocks: BlocksService,
  ) {}

  private get ds() {
    return this.deps.dataSource;
  }

  private async excludedFor(viewerId: string): Promise<string[]> {
    return [viewerId, ...(await this.blocks.hiddenFrom(viewerId))];
  }

  private async ordered(ids: string[]): Promise<ProfileRow[]> {
    const rows = await this.profiles.usersByIds(ids);
    return ids.map((id) => rows.get(id)).filter((u): u is ProfileRow => Boolean(u));
  }

  /**
   * One page after `after` (keyset paging on the ranking key + id): a student who
   * registers or is shown meanwhile can never push a row into the next page twice or
   * past it unseen. The viewer must have filled their details.
   */
  async page(viewerId: string, opts: { first?: number | null; after?: string | null } = {}): Promise<FeedPage> {
    const first = Math.min(Math.max(opts.first ?? FEED_PAGE_SIZE, 1), MAX_FEED_PAGE_SIZE);
    const after = opts.after ? decodeCursor(opts.after) : null;
    await this.profiles.assertDetailsFilled(viewerId);
    const excluded = await this.excludedFor(viewerId);
    // Ranking: 2 points when they know a skill I want to learn, 1 when they want a skill I
    // know, then the newest, then the id; see feed-query.ts for how a page stays cheap.
    const q = feedQuery({ sqlite: isSqlite(this.ds), viewerId, excluded, after, limit: first + 1 });
    const rows = await rawQuery<{ id: string; createdAt: unknown; score: unknown }>(this.ds, q.sql, q.params);
    const hasNextPage = rows.length > first;
    const pageRows = rows.slice(0, first);
    const last = pageRows.at(-1);
    return {
      users: await this.ordered(pageRows.map((r) => r.id)),
      endCursor: last ? encodeCursor({ score: Number(last.score), createdAt: readDate(last.createdAt), id: last.id }) : null,
      hasNextPage,
    };
  }

  /**
   * The REST feed pages by offset (`skip` = what the client already shows). skip=0 takes a
   * snapshot time; later pages leave out students who registered after it, so sign-ups
   * between pages cannot shift rows into a second appearance.
   */
  async pageBySkip(viewerId: string, skip: number, size = FEED_PAGE_SIZE): Promise<ProfileRow[]> {
    if (!Number.isInteger(skip) || skip < 0) throw badInput("skip must be a whole number of 0 or more");
    await this.profiles.assertDetailsFilled(viewerId);
    const snapshots = this.ds.getRepository(FeedSnapshot);
    let snapshot: Date | null = null;
    if (skip === 0) {
      await snapshots.upsert({ userId: viewerId, takenAt: this.deps.clock.now() }, ["userId"]);
    } else {
      snapshot = (await snapshots.findOne({ where: { userId: viewerId } }))?.takenAt ?? null;
    }
    const excluded = await this.excludedFor(viewerId);
    const q = feedQuery({ sqlite: isSqlite(this.ds), viewerId, excluded, snapshot, limit: Math.min(size, MAX_FEED_PAGE_SIZE), offset: skip });
    const rows = await rawQuery<{ id: string }>(this.ds, q.sql, q.params);
    return this.ordered(rows.map((r) => r.id));
  }

  /**
   * Case-insensitive search among other students with filled details. Skills and
   * languages match by prefix on their lower-cased key columns (an index range, on both
   * databases); names match anywhere in the name.
   */
  async search(viewerId: string, query: string, filter: SearchFilter = "name"): Promise<ProfileRow[]> {
    if (!SEARCH_FILTERS.includes(filter)) throw badInput("Unknown search filter");
    const q = skillKeyOf(String(query ?? "")).slice(0, MAX_SKILL_LENGTH);
    if (!q) return [];
    const excluded = await this.excludedFor(viewerId);
    const like = (s: string) => s.replace(/[!%_]/g, (c) => `!${c}`);
    const prefix = (col: string) =>
      isSqlite(this.ds) ? `${col} >= :lo AND ${col} < :hi` : `${col} LIKE :prefix ESCAPE '!'`;
    const params = { excluded, lo: q, hi: `${q}\u{10FFFF}`, prefix: `${like(q)}%`, contains: `%${like(q)}%` };
    const match =
      filter === "name"
        ? `u.nameKey LIKE :contains ESCAPE '!'`
        : filter === "skillsKnown"
          ? `u.id IN (SELECT s.userId FROM user_skills s WHERE s.kind = 'known' AND ${prefix("s.skillKey")})`
          : `u.id IN (SELECT l.userId FROM user_languages l WHERE ${prefix("l.languageKey")})`;
    const rows = await rawQuery<{ id: string }>(
      this.ds,
      `SELECT u.id FROM users u WHERE ${match} AND ${FILLED} ORDER BY u.nameKey, u.id LIMIT ${SEARCH_LIMIT}`,
      params,
    );
    return this.ordered(rows.map((r) => r.id));
  }
}
