import type { EntityManager } from "typeorm";
import { type DirectoryFilters, SAVED_SEARCH_MAX, SAVED_SEARCH_MESSAGES as M, savedSearchName } from "../../../../common/discovery.js";
import { isSqlite, rawQuery, readDate, sqlDateTime } from "../../db/sql.js";
import { DAY, HOUR } from "../../shared/clock.js";
import type { Deps } from "../../shared/deps.js";
import { badInput, conflict, notFound } from "../../shared/errors.js";
import { newId } from "../../shared/ids.js";
import type { UsersService } from "../accounts/users.service.js";
import type { JobRunner } from "../jobs/job-runner.js";
import type { NotificationsService } from "../notifications/notifications.service.js";
import { cleanFilters, walkFilters } from "./directory-filters.js";
import { notBlocked } from "./feed-query.js";
import { budgeted, filterCheck, FILTER_SCAN_BUDGET } from "./filter-query.js";
import { SEARCH_FIELD, SEARCH_FILTERS, type SearchFilter } from "./search-filter.js";
import { SavedSearch } from "./saved-search.entity.js";
import { foldTerm } from "./search-terms.js";

export const SAVED_SEARCH_ALERTS_JOB = "saved-search-alerts";
/** How often due saved searches are checked; a search that alerted waits a day. */
export const ALERT_CHECK_EVERY = HOUR;
/** Saved searches checked per batch of the job. */
const SEARCHES_PER_BATCH = 100;
/** Names listed in one alert; the rest are counted. */
const NAMES_IN_ALERT = 3;

export interface SavedSearchView {
  id: string;
  name: string;
  query: string;
  field: SearchFilter;
  filters: DirectoryFilters;
  alertsOn: boolean;
  lastAlertAt: Date | null;
  createdAt: Date;
}

function viewOf(row: SavedSearch): SavedSearchView {
  let filters: DirectoryFilters = {};
  try {
    filters = cleanFilters(JSON.parse(row.filters)) ?? {};
  } catch {
    filters = {};
  }
  return {
    id: row.id,
    name: row.name,
    query: row.query,
    field: row.field as SearchFilter,
    filters,
    alertsOn: Boolean(row.alertsOn),
    lastAlertAt: row.lastAlertAt,
    createdAt: row.createdAt,
  };
}

/**
 * Saved searches (at most SAVED_SEARCH_MAX a student) and their alerts for new matches.
 *
 * Matching is a job (`saved-search-alerts`, hourly, once across instances), bounded per search:
 * every change of a listed student restarts all their feed rows (profile-index.ts), so a current
 * row's `validFrom` is their last change, and `idx_feed_entries_changes (kind, term, term2,
 * validFrom, ...)` lists who changed in one stream since a time. A due search reads the changes
 * after its `checkedUntil` in its most selective stream (its skill, else its language, else its
 * category, else every listed student), at most FILTER_SCAN_BUDGET rows, and checks its filters on
 * those rows with the feed's own probes: the cost of a check never depends on the number of
 * students. A newly verified student is a change (their rows start then). Suspended, deleted and
 * unverified students have no current rows; blocked students (either way) and the owner are left
 * out in the walk. After an alert the search waits a day; the walk continues where it stopped.
 */
export class SavedSearchesService {
  constructor(
    private readonly deps: Deps,
    private readonly c: {
      notifications: Pick<NotificationsService, "notify">;
      users: Pick<UsersService, "standingOf" | "summaries" | "lock">;
    },
  ) {}

  /** Inside `em`'s transaction: every write, and the reads of a unit of work. */
  private repo(em: EntityManager) {
    return em.getRepository(SavedSearch);
  }

  /** Reads outside a transaction (the list, the alerts' batch). */
  private reader() {
    return this.deps.dataSource.getRepository(SavedSearch);
  }

  schedule(jobs: JobRunner): void {
    jobs.register({ name: SAVED_SEARCH_ALERTS_JOB, every: ALERT_CHECK_EVERY, run: (now) => this.runAlerts(now) });
  }

  /** The student's saved searches, oldest first. */
  async list(userId: string): Promise<SavedSearchView[]> {
    const rows = await this.reader().find({ where: { userId }, order: { createdAt: "ASC", id: "ASC" } });
    return rows.map(viewOf);
  }

  /** Saves a search: a name (1-60), and a search text and/or filters; refused past SAVED_SEARCH_MAX. */
  async create(
    userId: string,
    input: { name?: unknown; query?: unknown; field?: unknown; filters?: unknown; alertsOn?: unknown },
  ): Promise<SavedSearchView> {
    const name = savedSearchName(input.name);
    if (!name) throw badInput(M.name, { field: "name" });
    const query = typeof input.query === "string" ? input.query.trim().slice(0, 60) : "";
    const field = (input.field ?? "name") as SearchFilter;
    if (!SEARCH_FILTERS.includes(field)) throw badInput("Unknown search filter", { field: "field" });
    const filters = cleanFilters(input.filters);
    if (!filters && !foldTerm(query)) throw badInput(M.empty);
    const now = this.deps.clock.now();
    const row: SavedSearch = {
      id: newId(),
      userId,
      name,
      query,
      field,
      filters: JSON.stringify(filters ?? {}),
      alertsOn: input.alertsOn !== false,
      // Alerts are about what changes from now on.
      checkedUntil: now,
      nextCheckAt: new Date(now.getTime() + ALERT_CHECK_EVERY),
      lastAlertAt: null,
      createdAt: now,
    };
    await this.deps.tx(async (em) => {
      // The owner's row locked first: two saves of one student are counted one after the other, and
      // counted after the insert, in its transaction, one past the limit rolls back.
      await this.c.users.lock(userId, em);
      await this.repo(em).insert(row);
      if ((await this.repo(em).count({ where: { userId } })) > SAVED_SEARCH_MAX) throw conflict(M.tooMany);
    });
    return viewOf(row);
  }

  private async own(userId: string, id: unknown, em: EntityManager): Promise<SavedSearch> {
    const row = typeof id === "string" ? await this.repo(em).findOne({ where: { id } }) : null;
    if (!row || row.userId !== userId) throw notFound(M.notFound);
    return row;
  }

  async remove(userId: string, id: unknown): Promise<void> {
    await this.deps.tx(async (em) => {
      const row = await this.own(userId, id, em);
      await this.repo(em).delete({ id: row.id, userId });
    });
  }

  /** Turns a search's alerts on or off; turned on, they are about changes from now on. */
  async setAlerts(userId: string, id: unknown, on: boolean): Promise<SavedSearchView> {
    return this.deps.tx(async (em) => {
      const row = await this.own(userId, id, em);
      const now = this.deps.clock.now();
      const changes =
        on && !row.alertsOn
          ? { alertsOn: true, checkedUntil: now, nextCheckAt: new Date(now.getTime() + ALERT_CHECK_EVERY) }
          : { alertsOn: on };
      await this.repo(em).update({ id: row.id, userId }, changes);
      return viewOf({ ...row, ...changes });
    });
  }

  /** Whether the owner's search still sends alerts (false once off, or gone): the unsubscribe page says which. */
  async alertsOn(userId: string, searchId: string): Promise<boolean> {
    const row = await this.reader().findOne({ where: { id: searchId, userId }, select: { alertsOn: true } });
    return row?.alertsOn === true;
  }

  /** One-click unsubscribe from a mail (the token named the owner): that search's alerts go off. */
  async alertsOff(userId: string, searchId: string): Promise<void> {
    await this.deps.tx((em) => this.repo(em).update({ id: searchId, userId }, { alertsOn: false }));
  }

  /** Data export and account deletion. */
  exportFor(userId: string): Promise<SavedSearchView[]> {
    return this.list(userId);
  }

  async deleteAllOf(em: EntityManager, userId: string): Promise<void> {
    await this.repo(em).delete({ userId });
  }

  // ---- alerts --------------------------------------------------------------------------------

  /** Checks every due search with alerts on, a batch at a time. Returns how many alerts were sent. */
  async runAlerts(now: Date): Promise<void> {
    for (;;) {
      const due = await this.reader()
        .createQueryBuilder("s")
        .where("s.alertsOn = :on AND s.nextCheckAt <= :now", { on: true, now })
        .orderBy("s.nextCheckAt", "ASC")
        .limit(SEARCHES_PER_BATCH)
        .getMany();
      if (due.length === 0) return;
      const standing = await this.c.users.standingOf(due.map((s) => s.userId));
      for (const s of due) {
        const owner = standing.get(s.userId);
        const inGoodStanding =
          owner && !owner.deletedAt && owner.emailVerifiedAt && !(owner.suspendedUntil && owner.suspendedUntil.getTime() > now.getTime());
        if (!inGoodStanding) {
          // Nothing is said to a student who cannot use the app; their search waits (its changes too).
          await this.deps.tx((em) => this.repo(em).update({ id: s.id }, { nextCheckAt: new Date(now.getTime() + DAY) }));
          continue;
        }
        await this.check(s, now);
      }
    }
  }

  /** The changes one saved search has not looked at yet that match it now (bounded walk), and its alert. */
  async check(s: SavedSearch, now: Date): Promise<number> {
    const q = changedMatchesQuery(s, isSqlite(this.deps.dataSource), now);
    const examined = q ? await rawQuery<{ id: string; changedAt: unknown; ok: unknown }>(this.deps.dataSource, q.sql, q.params) : [];
    const matches = [...new Set(examined.filter((r) => Number(r.ok) === 1).map((r) => r.id))];
    // A walk that used its budget continues from its last row next time (soon); otherwise everything up to now was seen.
    const full = examined.length >= FILTER_SCAN_BUDGET;
    const checkedUntil = full ? readDate(examined[examined.length - 1].changedAt) : now;
    if (matches.length === 0) {
      const next = { checkedUntil, nextCheckAt: full ? now : new Date(now.getTime() + ALERT_CHECK_EVERY) };
      await this.deps.tx((em) => this.repo(em).update({ id: s.id }, next));
      return 0;
    }
    const names = await this.c.users.summaries(matches.slice(0, NAMES_IN_ALERT));
    const listed = matches
      .slice(0, NAMES_IN_ALERT)
      .map((id) => names.get(id)?.name)
      .filter(Boolean);
    const more = matches.length - listed.length;
    const who = `${listed.join(", ")}${more > 0 ? ` and ${more} more` : ""}`;
    const message = `${matches.length === 1 ? "A new student matches" : `${matches.length} new students match`} your saved search "${s.name}": ${who}.`;
    await this.deps.tx(async (em) => {
      // At most one alert a day: the row moves on in the same transaction as the notification.
      const moved = await this.repo(em)
        .createQueryBuilder()
        .update(SavedSearch)
        .set({ checkedUntil, lastAlertAt: now, nextCheckAt: new Date(now.getTime() + DAY) })
        .where("id = :id AND nextCheckAt <= :now AND alertsOn = :on", { id: s.id, now, on: true })
        .execute();
      if (!moved.affected) return;
      await this.c.notifications.notify(
        { recipientId: s.userId, notifierId: matches[0], type: "saved-search-match", message, refId: s.id },
        em,
      );
    });
    return matches.length;
  }
}

/**
 * The students who changed in the search's most selective stream in [checkedUntil, now) (current
 * rows only, so the listed ones as they are now), at most FILTER_SCAN_BUDGET, oldest change first,
 * each with `ok`: whether it passes the search's filters and text. The owner and blocked students
 * (either way) are left out in the walk. Null when the search has nothing to walk.
 */
export function changedMatchesQuery(s: SavedSearch, sqlite: boolean, now: Date): { sql: string; params: Record<string, unknown> } | null {
  let saved: DirectoryFilters = {};
  try {
    saved = cleanFilters(JSON.parse(s.filters)) ?? {};
  } catch {
    return null;
  }
  // "Online now" is a moment, not a fact a student changes into: alerts leave it out.
  const f = walkFilters({ ...saved, onlineNow: undefined });
  const [kind, term] = f.skill ? ["k", f.skill] : f.language ? ["l", f.language] : f.category ? ["g", f.category] : ["m", ""];
  const params: Record<string, unknown> = {
    viewer: s.userId,
    kind,
    term,
    since: sqlDateTime(s.checkedUntil),
    now: sqlDateTime(now),
  };
  const hint = sqlite ? "INDEXED BY idx_feed_entries_changes" : "FORCE INDEX (idx_feed_entries_changes)";
  const checks = [filterCheck(f, "w.id", sqlite, "$.validTo IS NULL", params)];
  const text = foldTerm(s.query);
  if (text) {
    Object.assign(params, {
      field: SEARCH_FIELD[s.field as SearchFilter] ?? "n",
      lo: text,
      hi: `${text}\u{10FFFF}`,
      like: `${text.replace(/[!%_]/g, (c) => `!${c}`)}%`,
    });
    const starts = sqlite ? "x.term >= :lo AND x.term < :hi" : "x.term LIKE :like ESCAPE '!'";
    checks.push(
      `(CASE WHEN EXISTS (SELECT 1 FROM search_terms x ${sqlite ? "" : "FORCE INDEX (PRIMARY)"} WHERE x.userId = w.id AND x.field = :field AND ${starts}) THEN 1 ELSE 0 END) = 1`,
    );
  }
  const check = checks.filter(Boolean).join(" AND ");
  const walk = `SELECT f.userId AS id, f.validFrom AS changedAt FROM feed_entries f ${hint}
    WHERE f.kind = :kind AND f.term = :term AND f.term2 = '' AND f.validFrom >= :since AND f.validFrom < :now AND f.validTo IS NULL
      AND f.userId <> :viewer AND ${notBlocked("f.userId", sqlite)}
    ORDER BY f.validFrom, f.userId LIMIT ${FILTER_SCAN_BUDGET}`;
  return { sql: budgeted(walk, check || null), params };
}
