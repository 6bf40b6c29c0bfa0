import { type Port } from "../../shared/port.js";
import type { Presence } from "./presence-port.js";
import type { Deps } from "../../shared/deps.js";
import { decodeCursor, encodeCursor, storedPosition } from "./feed-cursors.js";
import { badInput } from "../../shared/errors.js";
import { checkSkip, pageSize } from "../../shared/pagination.js";
import { type CursorKey, type FeedViewer, feedSegmentQuery, viewerFactsQuery, BLOCK_LIST_MAX } from "./feed-query.js";
import type { WalkFilters } from "./filter-query.js";
import { cleanFilters, type DirectoryFilters, filtersKey, walkFilters } from "./directory-filters.js";
import { FeedSnapshot } from "./feed-snapshot.entity.js";
import { FEED_SNAPSHOT_LIFETIME } from "./profile-index.js";
import { foldTerm } from "./search-terms.js";
import { cardsInOrder, type FeedPage } from "./feed-page.js";
import type { ProfilesService } from "./profiles.service.js";
import { entityQuery, entityUpsert, isSqlite, rawQuery, readDate, sqlDateTime } from "../../db/sql.js";
import { type Cards, type LanguagesAndCompleted, type LanguagesAndCompletedRow, languagesAndCompletedFrom } from "./profile-reads.js";

export const FEED_PAGE_SIZE = 10;
export type { FeedPage } from "./feed-page.js";

interface FeedRow {
  id: string;
  createdAt: Date;
  score: number;
  tier: number;
}

/** The order within a segment: the more responsive tier first, then newest first. */
const inSegmentOrder = (a: { tier: number; createdAt: Date; id: string }, b: { tier: number; createdAt: Date; id: string }) =>
  b.tier - a.tier || b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** Rows of a filtered walk: the page's rows, and where examining stopped when it stopped before the page was full. */
interface Walked {
  rows: FeedRow[];
  /** The last examined position ("keep looking" from there), or null when the walk read all it needed. */
  horizon: CursorKey | null;
}

export class FeedService {
  constructor(
    private readonly deps: Deps,
    private readonly profiles: ProfilesService,
    /** Of `ids`, who is online and lets it show (chat presence, filled by the chat module): the "online now" filter. */
    private readonly presence: Port<Presence>,
  ) {}

  private get ds() {
    return this.deps.dataSource;
  }

  /** The cards of a page's rows with their skills, in one statement, in the rows' order, each with its row's cursor (cardsInOrder). */
  private async cards<R extends { id: string }>(
    rows: R[],
    cursorOf: (row: R) => string,
  ): Promise<Omit<FeedPage, "hasNextPage" | "hasPreviousPage">> {
    return cardsInOrder(rows, await this.profiles.cardsByIds(rows.map((r) => r.id)), cursorOf);
  }

  /** A session's snapshot time; one the index no longer keeps history for reads as of now. */
  private snapshotTime(asOf: Date | null): Date {
    const now = this.deps.clock.now();
    return asOf && asOf.getTime() >= now.getTime() - FEED_SNAPSHOT_LIFETIME && asOf.getTime() <= now.getTime() ? asOf : now;
  }

  /**
   * The viewer as of the snapshot. Not listed then: the profile gate answers (unknown user, or
   * DETAILS_NOT_FILLED), and a filled profile that is not listed (an unverified address) reads its
   * skills as they are now; a profile filled after the snapshot began reads with the skills it had.
   * `ownProfile`: on MariaDB, their languages and completed skills are read in the same statement
   * (`own`; the REST dashboard shows them with every page), a round trip fewer. SQLite answers
   * in-process, where a round trip costs nothing, and would sort the completed skills inside the
   * facts statement: there the caller reads them on their own.
   */
  private async viewer(
    viewerId: string,
    asOf: Date,
    ownProfile = false,
    filters?: WalkFilters,
  ): Promise<FeedViewer & { own?: LanguagesAndCompleted }> {
    const sqlite = isSqlite(this.ds);
    const withOwnProfile = ownProfile && !sqlite;
    const rows = await rawQuery<{ kind: string; term: string } & Partial<LanguagesAndCompletedRow>>(
      this.ds,
      viewerFactsQuery(sqlite, withOwnProfile),
      { viewer: viewerId, asOf: sqlDateTime(asOf) },
    );
    const own = withOwnProfile
      ? languagesAndCompletedFrom(
          rows.map((r) => ({
            part: r.kind,
            a: r.term,
            b: r.b ?? null,
            mentorId: r.mentorId ?? null,
            completedAt: r.completedAt,
            pos: r.pos,
            cid: r.cid ?? null,
          })),
        )
      : undefined;
    const facts = withOwnProfile ? rows.filter((r) => r.kind !== "l" && r.kind !== "c") : rows;
    const blocked = [...new Set(facts.filter((r) => r.kind === "b").map((r) => r.term))];
    let skills = facts.filter((r) => r.kind !== "b");
    if (!skills.some((r) => r.kind === "m")) {
      await this.profiles.assertDetailsFilled(viewerId);
      // A filled profile others cannot see yet (unverified address): the feed still ranks by its skills.
      const own = await this.profiles.skillsOf(viewerId);
      skills = [
        ...own.known.map((s) => ({ kind: "k", term: foldTerm(s.skill) })),
        ...own.required.map((s) => ({ kind: "r", term: foldTerm(s.skill) })),
      ].filter((r) => r.term !== "");
    }
    return {
      id: viewerId,
      known: [...new Set(skills.filter((r) => r.kind === "k").map((r) => r.term))],
      required: [...new Set(skills.filter((r) => r.kind === "r").map((r) => r.term))],
      blocked: blocked.length > BLOCK_LIST_MAX ? null : blocked,
      asOf,
      sqlite,
      own,
      filters,
    };
  }

  /**
   * The next `need` rows of the feed after `from`, segment by segment (one statement each). With
   * filters, a segment's walks share FILTER_SCAN_BUDGET examined rows (walkBudget): when a walk used its share, the
   * rows past its last one are not known yet, so the page stops at the least advanced such walk
   * (the horizon) and the caller continues from there.
   */
  private async walk(v: FeedViewer, from: CursorKey | null, need: number): Promise<Walked> {
    const out: FeedRow[] = [];
    for (let score = from ? from.score : 3; score >= 0 && out.length < need; score--) {
      const q = feedSegmentQuery(v, score, from && from.score === score ? from : null, need - out.length);
      if (!q) continue;
      const rows = await rawQuery<{ id: string; createdAt: unknown; tier: unknown; walk?: unknown; ok?: unknown }>(
        this.ds,
        q.sql,
        q.params,
      );
      let merged = rows.map((r) => ({ id: r.id, createdAt: readDate(r.createdAt), tier: Number(r.tier), score })).sort(inSegmentOrder);
      let horizon: CursorKey | null = null;
      if (v.filters) {
        const budget = q.perWalk;
        const lastOf = new Map<number, { n: number; row: FeedRow }>();
        const ok = new Set<string>();
        for (const [i, r] of rows.entries()) {
          const w = Number(r.walk);
          const row = { id: r.id, createdAt: readDate(r.createdAt), tier: Number(r.tier), score };
          const seen = lastOf.get(w);
          if (!seen || inSegmentOrder(seen.row, row) < 0) lastOf.set(w, { n: (seen?.n ?? 0) + 1, row });
          else seen.n++;
          if (Number(rows[i].ok) === 1) ok.add(r.id);
        }
        for (const { n, row } of lastOf.values()) if (n >= budget && (!horizon || inSegmentOrder(row, horizon) < 0)) horizon = row;
        const online = v.filters.onlineNow ? await this.presence.get().onlineAmong([...ok]) : null;
        merged = merged.filter((r) => ok.has(r.id) && (!online || online.has(r.id)) && (!horizon || inSegmentOrder(r, horizon) <= 0));
      }
      for (const [i, r] of merged.entries()) {
        if (i > 0 && merged[i - 1].id === r.id) continue; // one student met through several walks
        if (out.length < need) out.push(r);
      }
      if (horizon && out.length < need) return { rows: out, horizon };
    }
    return { rows: out, horizon: null };
  }

  /**
   * One page after `after` (keyset paging on the ranking key + id), read as of the session's
   * snapshot: a student who registers or edits meanwhile can never appear twice or be passed
   * over. The viewer must have filled their details. With `filters` (discovery filters, checked
   * here), the ranking is the same within them; a page may hold fewer than `first` students while
   * `hasNextPage` is true (the walk's budget ran out first): `endCursor` keeps looking from there.
   */
  async page(
    viewerId: string,
    opts: { first?: number | null; after?: string | null; filters?: DirectoryFilters | Record<string, unknown> | null } = {},
  ): Promise<FeedPage> {
    const first = pageSize("first", opts.first, FEED_PAGE_SIZE);
    const filters = cleanFilters(opts.filters);
    const key = filtersKey(filters);
    const after = opts.after ? decodeCursor(opts.after) : null;
    if (after && after.filters !== key) throw badInput("That cursor belongs to other filters: start again without it");
    const v = await this.viewer(viewerId, this.snapshotTime(after?.asOf ?? null), false, filters ? walkFilters(filters) : undefined);
    const { rows, horizon } = await this.walk(v, after, first + 1);
    const pageRows = rows.slice(0, first);
    const page = Object.assign(await this.cards(pageRows, (r) => encodeCursor(r, v.asOf, key)), {
      hasNextPage: rows.length > first || horizon !== null,
      hasPreviousPage: after !== null,
    });
    return horizon && rows.length <= first ? Object.assign(page, { endCursor: encodeCursor(horizon, v.asOf, key) }) : page;
  }

  /**
   * One page by offset (`skip` = how many the client already shows; REST's `?skip=` pages), with
   * the same ranking and filters as `page`. skip=0 starts a session (a snapshot time); a page whose
   * skip is where the last one ended continues from the stored position, so scrolling costs a page
   * each time. Any other skip walks from the start of the same snapshot. DETAILS_NOT_FILLED until
   * the viewer's profile is filled. `keepLooking`: filtered, the walk's budget ran out before the
   * page was full; the next skip keeps looking.
   *
   * `withViewer` (a page shown beside the viewer's own profile): `cards` holds the viewer's card
   * too, read in the same statement as the page's, and on MariaDB `viewer` their languages and
   * completed skills, read with their feed facts (ProfilesService.profileWithRow takes both).
   */
  async pageAt(
    viewerId: string,
    opts: { skip: number; filters?: DirectoryFilters | Record<string, unknown> | null; withViewer?: boolean },
  ): Promise<{ ids: string[]; cards: Cards; viewer: LanguagesAndCompleted | undefined; keepLooking: boolean }> {
    const skip = checkSkip(opts.skip);
    const filters = cleanFilters(opts.filters);
    const session =
      skip === 0
        ? null
        : ((await entityQuery(this.ds, FeedSnapshot, "SELECT * FROM feed_snapshots WHERE userId = :id", { id: viewerId }))[0] ?? null);
    const key = filtersKey(filters);
    const v = await this.viewer(
      viewerId,
      this.snapshotTime(session?.takenAt ?? null),
      opts.withViewer === true,
      filters ? walkFilters(filters) : undefined,
    );
    // A session continues only with the filters it was read with (the stored cursor names them).
    const stored = session && session.served === skip && session.cursor ? storedPosition(session.cursor) : null;
    const from = stored && stored.filters === key ? stored : null;
    const walked = from ? await this.walk(v, from, FEED_PAGE_SIZE) : await this.walk(v, null, skip + FEED_PAGE_SIZE);
    const rows = from ? walked.rows : walked.rows.slice(skip);
    const last = rows.at(-1);
    const end = walked.horizon ?? last;
    const cursor = end ? encodeCursor(end, v.asOf, key) : (session?.cursor ?? null);
    await entityUpsert(this.ds, FeedSnapshot, { userId: viewerId, takenAt: v.asOf, served: skip + rows.length, cursor });
    const ids = rows.map((r) => r.id);
    const cards = await this.profiles.cardsByIds(opts.withViewer ? [viewerId, ...ids] : ids);
    return { ids, cards, viewer: v.own, keepLooking: walked.horizon !== null };
  }
}
