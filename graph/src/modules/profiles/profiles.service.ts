import type { ResponseStatsService } from "./response-stats.service.js";
import "../accounts/account-changes.js";
import type { EntityManager } from "typeorm";
import { CATEGORIES, PROFILE_MESSAGES } from "../../../../common/profiles.js";
import { afterCommit } from "../../db/transaction.js";
import type { Deps } from "../../shared/deps.js";
import { badInput, detailsNotFilled, notFound } from "../../shared/errors.js";
import type { RateLimits } from "../../shared/rate-limit.js";
import { fromUsers } from "../accounts/user-reads.js";
import { checkImage } from "./images.js";
export type { Cards, CompletedSkillView, ProfileRow, SkillRef, UserSkills } from "./profile-reads.js";
/** The skills a card read carries (the skill fields answer from it). */
export { cardSkills } from "./profile-reads.js";
export { PROFILE_COLUMNS } from "./profile-reads.js";
export type { PublicProfile } from "./profile-views.js";
import { type CleanProfile, type ProfileInputValue, validateProfile } from "./profile.rules.js";
import { foldTerm } from "./search-terms.js";
import { rawQuery } from "../../db/sql.js";
import {
  type Cards,
  type CompletedSkillView,
  cardsByIds,
  completedOfMany,
  languagesAndCompletedOf,
  type LanguagesAndCompleted,
  languagesOfMany,
  type ProfileRow,
  skillsOfMany,
  type UserSkills,
  usersByIds,
} from "./profile-reads.js";
import { ProfileWriter } from "./profile-writes.js";
import { type PublicProfile, publicProfileOf } from "./profile-views.js";

export interface ProfileUpdate extends ProfileInputValue {
  /**
   * A URL returned by the upload endpoint (omitted or empty keeps the current image), or the
   * bytes of an image sent inline (the old client's data URL), checked and stored like an upload.
   */
  image?: string | { bytes: Buffer } | null;
}

export class ProfilesService {
  /** The profile's rows inside a transaction (profile-writes.ts). */
  private readonly writer: ProfileWriter;

  constructor(
    private readonly deps: Deps,
    private readonly limits: RateLimits,
    /** The students' response stats: their tier orders the feed. */
    responseStats: Pick<ResponseStatsService, "tierOf">,
  ) {
    this.writer = new ProfileWriter(deps, (em, userId) => responseStats.tierOf(em, userId));
    // A student's directory rows follow their standing (accounts) and their responsiveness tier.
    deps.changes.on("standingChanged", (em, userId) => this.reindex(em, userId));
    deps.changes.on("responseTierChanged", (em, userId) => this.reindex(em, userId));
  }

  private get ds() {
    return this.deps.dataSource;
  }

  // ---- reads (profile-reads.ts: each takes any number of ids and costs one statement) ----

  usersByIds(ids: readonly string[]): Promise<Map<string, ProfileRow>> {
    return usersByIds(this.ds, ids);
  }

  cardsByIds(ids: readonly string[]): Promise<Cards> {
    return cardsByIds(this.ds, ids);
  }

  /**
   * Listed students who teach a skill of `category` (a known skill in it), as discovery's category
   * filter finds them: the current rows of its `g` stream (idx_feed_entries_walk, index-only).
   */
  async teachersOf(category: string): Promise<string[]> {
    const rows = await rawQuery<{ userId: string }>(
      this.ds,
      "SELECT f.userId AS userId FROM feed_entries f WHERE f.kind = 'g' AND f.term = :term AND f.term2 = '' AND f.validTo IS NULL",
      { term: foldTerm(category) },
    );
    return rows.map((r) => r.userId);
  }

  /**
   * The categories each of `ids` teaches as `teachersOf` finds them (listed students only; a student
   * teaching none is absent): one statement on idx_feed_entries_owner.
   */
  async categoriesTaughtBy(ids: readonly string[]): Promise<Map<string, string[]>> {
    const taught = new Map<string, string[]>();
    if (ids.length === 0) return taught;
    const rows = await rawQuery<{ userId: string; term: string }>(
      this.ds,
      "SELECT f.userId AS userId, f.term AS term FROM feed_entries f WHERE f.userId IN (:...ids) AND f.kind = 'g' AND f.term2 = '' AND f.validTo IS NULL",
      { ids },
    );
    const byTerm = new Map(CATEGORIES.map((c) => [foldTerm(c), c]));
    for (const r of rows) {
      const category = byTerm.get(r.term);
      if (category === undefined) continue;
      const list = taught.get(r.userId);
      if (list) list.push(category);
      else taught.set(r.userId, [category]);
    }
    return taught;
  }

  async findUser(id: string): Promise<ProfileRow | null> {
    return (await usersByIds(this.ds, [id])).get(id) ?? null;
  }

  skillsOfMany(ids: readonly string[]): Promise<Map<string, UserSkills>> {
    return skillsOfMany(this.ds, ids);
  }

  /** A student's skills (swaps offers them in its forms). */
  async skillsOf(userId: string): Promise<UserSkills> {
    return (await skillsOfMany(this.ds, [userId])).get(userId)!;
  }

  languagesOfMany(ids: readonly string[]): Promise<Map<string, string[]>> {
    return languagesOfMany(this.ds, ids);
  }

  /** One student's languages and completed skills in one statement (what a full profile shows). */
  languagesAndCompletedOf(id: string): Promise<{ languages: string[]; completed: CompletedSkillView[] }> {
    return languagesAndCompletedOf(this.ds, id);
  }

  completedOfMany(ids: readonly string[]): Promise<Map<string, CompletedSkillView[]>> {
    return completedOfMany(this.ds, ids);
  }

  /** The public profile of one student, or null when there is no such user. */
  async publicUser(id: string): Promise<PublicProfile | null> {
    return (await this.profileWithRow(id))?.profile ?? null;
  }

  /**
   * The public profile with the student's own row (email, days: the REST dashboard answers both to its
   * owner). `card`: the student's card when the caller already read it (with others, in one statement);
   * `extras`: their languages and completed skills, when the caller read those too.
   */
  async profileWithRow(
    id: string,
    card?: Cards,
    extras?: LanguagesAndCompleted,
  ): Promise<{ row: ProfileRow; profile: PublicProfile } | null> {
    card ??= await this.cardsByIds([id]);
    const user = card.users.get(id);
    if (!user) return null;
    const skills = card.skills.get(id)!;
    const { languages, completed: done } = extras ?? (await languagesAndCompletedOf(this.ds, id));
    const mentors = done.length ? await this.usersByIds(done.map((c) => c.mentorId)) : null;
    const profile = publicProfileOf(user, skills, { languages, completed: done }, mentors);
    return { row: user, profile };
  }

  /** Gender chosen and at least one skill to learn: what the dashboard, notifications and chat need. */
  async isDetailsFilled(userId: string): Promise<boolean | null> {
    const [row] = await rawQuery<{ gender: string | null; filled: number | string }>(
      this.ds,
      `SELECT u.gender AS gender,
              CASE WHEN EXISTS (SELECT 1 FROM user_skills s WHERE s.userId = u.id AND s.kind = 'required') THEN 1 ELSE 0 END AS filled
         ${fromUsers("u")} WHERE u.id = :id`,
      { id: userId },
    );
    if (!row) return null;
    return row.gender !== null && Number(row.filled) === 1;
  }

  /** Throws NOT_FOUND for an unknown user and DETAILS_NOT_FILLED ("not filled details") for an incomplete profile. */
  async assertDetailsFilled(userId: string): Promise<void> {
    const filled = await this.isDetailsFilled(userId);
    if (filled === null) throw notFound("User not found");
    if (!filled) throw detailsNotFilled();
  }

  // ---- writes ----

  /**
   * Checks an uploaded file by its bytes and keeps it; returns the URL to send with the profile.
   * Rate-limited per student before `read` takes a byte of the file: every upload is stored.
   */
  async uploadImage(userId: string, read: () => Promise<Buffer | null | undefined>): Promise<string> {
    // An upload the storage fails to keep gives its point back (spend); a refused file keeps it spent.
    return this.limits.spend([["image_upload", userId]], async () => {
      const bytes = await read();
      const type = await checkImage(bytes);
      return this.deps.storage.putImage(userId, bytes!, type);
    });
  }

  /** The caller's own profile, all or nothing. Every rule of the form is checked again here. */
  async updateProfile(userId: string, input: ProfileUpdate): Promise<void> {
    const clean = validateProfile(input);
    const current = await this.findUser(userId);
    if (!current) throw notFound("User not found");
    const wanted = typeof input.image === "string" ? input.image.trim() : "";
    let image = current.image;
    let stored: string | null = null;
    if (input.image && typeof input.image === "object") {
      const { bytes } = input.image;
      image = stored = await this.uploadImage(userId, async () => bytes);
    } else if (wanted && wanted !== current.image) {
      // Only an image this server stored for this user: no foreign URLs, no one else's file.
      if (!this.deps.storage.ownsImage(wanted, userId)) throw badInput(PROFILE_MESSAGES.imageType);
      image = wanted;
    }
    if (!image) throw badInput(PROFILE_MESSAGES.imageType);
    try {
      await this.deps.tx(async (em) => {
        await this.writeProfile(em, userId, clean, image);
        const replaced = current.image;
        if (replaced && replaced !== image && this.deps.storage.ownsImage(replaced, userId)) {
          afterCommit(em, () => void this.deps.storage.remove(replaced));
        }
      });
    } catch (e) {
      // The profile was not saved: an image stored for it alone goes too.
      if (stored) void this.deps.storage.remove(stored).catch(() => undefined);
      throw e;
    }
  }

  /** Writes a validated profile and its feed and search index rows inside `em` (ProfileWriter.write). */
  async writeProfile(em: EntityManager, userId: string, p: CleanProfile, image: string | null): Promise<void> {
    // The skills a student teaches place them in the leaderboard's category views.
    await this.deps.changes.tell("rankingChanged", em, [userId]);
    await this.writer.write(em, userId, p, image);
  }

  /**
   * Brings a student's directory rows to their saved profile and account (inside the transaction
   * that changed `users.visible`: a verified address lists a filled profile, the end of good
   * standing takes it out).
   */
  reindex(em: EntityManager, userId: string): Promise<void> {
    return this.writer.reindex(em, userId);
  }

  /**
   * Erases a deleted student's profile inside `em`: skills, languages, what they learned, their
   * feed session; gender, picture and price cleared. Returns the picture to remove once committed.
   * (Completed skills they taught stay with their learners, the mentor now shown as deleted.)
   */
  async erase(em: EntityManager, userId: string): Promise<string | null> {
    const image = await this.writer.erase(em, userId);
    return image && this.deps.storage.ownsImage(image, userId) ? image : null;
  }

  /** Records a finished swap for the learner. Chat calls it inside its finish transaction. */
  addCompletedSkill(em: EntityManager, input: { learnerId: string; mentorId: string; skill: string; category: string }): Promise<void> {
    return this.writer.addCompletedSkill(em, input);
  }
}
