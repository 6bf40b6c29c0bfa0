import type { Changes } from "../../shared/changes.js";
import "./account-changes.js";
import { type EntityManager, In, IsNull, Not, type Repository } from "typeorm";
import { DELETED_STUDENT_NAME } from "../../../../common/accounts.js";
import type { Gender } from "../../../../common/profiles.js";
import { lockRow, rawQuery } from "../../db/sql.js";
import { emailNotVerified, notFound } from "../../shared/errors.js";
import type { AuthUser } from "../../kit/context.js";
import { User } from "./user.entity.js";

/** Public, non-private facts about users that other modules show next to their own rows. */
export interface UserSummary {
  id: string;
  name: string;
  image: string | null;
  gender: Gender | null;
}

export class UsersService {
  constructor(
    private readonly users: Repository<User>,
    /** Where a changed ranking value (a rating, an account deleted) is told: the leaderboard listens. */
    private readonly changes: Changes,
  ) {}

  /** One query for any number of ids, outside a transaction; missing ids are simply absent from the map. */
  summaries(ids: readonly string[]): Promise<Map<string, UserSummary>> {
    return this.summariesOn(this.users.manager, ids);
  }

  /** As `summaries`, inside `em`'s transaction (a transaction never reads through the pool). */
  summariesIn(em: EntityManager, ids: readonly string[]): Promise<Map<string, UserSummary>> {
    return this.summariesOn(em, ids);
  }

  private async summariesOn(db: EntityManager, ids: readonly string[]): Promise<Map<string, UserSummary>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    // Raw SQL: most pages show user summaries, so this read is hot.
    const rows = await rawQuery<UserSummary>(
      db,
      "SELECT u.id AS id, u.name AS name, u.image AS image, u.gender AS gender FROM users u WHERE u.id IN (:...ids)",
      { ids: unique },
    );
    return new Map(rows.map((u) => [u.id, { id: u.id, name: u.name, image: u.image ?? null, gender: u.gender ?? null }]));
  }

  /** Whether `id` names a student, read in `em`'s transaction. */
  existsIn(em: EntityManager, id: string): Promise<boolean> {
    return em.getRepository(User).exists({ where: { id } });
  }

  /**
   * Holds the student's row until `em`'s transaction ends: units of work that check a limit counted
   * over a student's rows (saved searches, push devices) take their turn instead of each missing the
   * other's insert.
   */
  async lock(id: string, em: EntityManager): Promise<void> {
    await lockRow(em, User, id);
  }

  /** Students (deleted accounts aside) with and without a verified address, for the moderation console. */
  async countsByVerification(): Promise<{ verified: number; unverified: number }> {
    const [verified, unverified] = await Promise.all([
      this.users.count({ where: { deletedAt: IsNull(), emailVerifiedAt: Not(IsNull()) } }),
      this.users.count({ where: { deletedAt: IsNull(), emailVerifiedAt: IsNull() } }),
    ]);
    return { verified, unverified };
  }

  /**
   * Where to mail each of `ids` who may get mail at `now`: a verified address, not suspended, not
   * deleted. The others are absent. The one rule for every mail sent about activity (notifications, lessons).
   */
  mailRecipients(ids: readonly string[], now: Date): Promise<Map<string, { name: string; address: string }>> {
    return this.mailRecipientsOn(this.users.manager, ids, now);
  }

  /** As `mailRecipients`, inside `em`'s transaction (a mail written with the work that causes it). */
  mailRecipientsIn(em: EntityManager, ids: readonly string[], now: Date): Promise<Map<string, { name: string; address: string }>> {
    return this.mailRecipientsOn(em, ids, now);
  }

  private async mailRecipientsOn(db: EntityManager, ids: readonly string[], now: Date) {
    const out = new Map<string, { name: string; address: string }>();
    for (const [id, s] of await this.standingOn(db, ids)) {
      if (s.deletedAt || !s.emailVerifiedAt) continue;
      if (s.suspendedUntil && s.suspendedUntil.getTime() > now.getTime()) continue;
      out.set(id, { name: s.name, address: s.email });
    }
    return out;
  }

  /** The account facts an operator sees next to a report (outside a transaction). */
  standingOf(
    ids: readonly string[],
  ): Promise<Map<string, Pick<User, "id" | "name" | "email" | "emailVerifiedAt" | "suspendedUntil" | "deletedAt">>> {
    return this.standingOn(this.users.manager, ids);
  }

  private async standingOn(
    db: EntityManager,
    ids: readonly string[],
  ): Promise<Map<string, Pick<User, "id" | "name" | "email" | "emailVerifiedAt" | "suspendedUntil" | "deletedAt">>> {
    if (ids.length === 0) return new Map();
    const rows = await db.getRepository(User).find({
      where: { id: In([...new Set(ids)]) },
      select: { id: true, name: true, email: true, emailVerifiedAt: true, suspendedUntil: true, deletedAt: true },
    });
    return new Map(rows.map((r) => [r.id, r]));
  }

  /** Whether others may see and reach the student (users.visible), read inside `em`'s transaction; null for an unknown id. */
  async isVisible(id: string, em: EntityManager): Promise<boolean | null> {
    const [row] = await rawQuery<{ visible: unknown }>(em, "SELECT u.visible AS visible FROM users u WHERE u.id = :id", {
      id,
    });
    return row ? Number(row.visible) === 1 || row.visible === true : null;
  }

  /**
   * The gate of every write that reaches other students (requests, joining or posting implements,
   * chat messages): EMAIL_NOT_VERIFIED until the student opened the link mailed to their address.
   */
  async assertVerified(who: string | AuthUser): Promise<void> {
    // Verified at this request's (or socket operation's) session check: nothing more to read.
    if (typeof who !== "string" && who.verified) return;
    const id = typeof who === "string" ? who : who.id;
    const [row] = await rawQuery<{ verifiedAt: unknown }>(
      this.users.manager,
      "SELECT u.emailVerifiedAt AS verifiedAt FROM users u WHERE u.id = :id",
      { id },
    );
    if (!row) throw notFound("User not found");
    if (row.verifiedAt == null) throw emailNotVerified();
  }

  /**
   * Anonymises a deleted student's account row inside `em`: the name becomes "Deleted student" (what
   * their messages, ratings and ledger lines show), the address and name are freed for a new
   * sign-up, the password can never match and they are no longer visible.
   */
  async anonymise(em: EntityManager, userId: string, at: Date): Promise<void> {
    const res = await em.getRepository(User).update(
      { id: userId, deletedAt: IsNull() },
      {
        name: DELETED_STUDENT_NAME,
        nameKey: `deleted.${userId}`,
        email: `deleted.${userId}@invalid`,
        passwordHash: "!deleted",
        emailVerifiedAt: null,
        visible: false,
        deletedAt: at,
      },
    );
    if (!res.affected) throw notFound("User not found");
    await this.changes.tell("rankingChanged", em, [userId]);
  }

  /**
   * Adds one rating of 1..5 stars to a user's aggregates in a single atomic UPDATE (the chat
   * module calls it once per chat, in its transaction). ratingAvg is assigned first: MySQL
   * evaluates SET left to right with already-updated values, SQLite with the old ones; from
   * the old values both compute the same average.
   */
  async addRating(userId: string, stars: number, em: EntityManager): Promise<void> {
    if (!Number.isInteger(stars) || stars < 1 || stars > 5) throw new RangeError("stars must be a whole number from 1 to 5");
    const res = await em
      .createQueryBuilder()
      .update(User)
      .set({
        ratingAvg: () => `(ratingSum + ${stars}) * 1.0 / (ratingCount + 1)`,
        ratingSum: () => `ratingSum + ${stars}`,
        ratingCount: () => "ratingCount + 1",
      })
      .where("id = :id", { id: userId })
      .execute();
    if (!res.affected) throw notFound("User not found");
    await this.changes.tell("rankingChanged", em, [userId]);
  }
}
