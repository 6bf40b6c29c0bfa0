/**
 * A profile's rows as written inside the caller's transaction (`em`): the form's (users columns,
 * skills, languages), the skills a student completed, and the directory rows (profile-index.ts)
 * kept in step with both. ProfilesService answers for them, with the checks, the image storage and
 * the transaction around a save.
 */
import type { EntityManager } from "typeorm";
import { MAX_SKILL_LENGTH } from "../../../../common/profiles.js";
import type { Deps } from "../../shared/deps.js";
import { badInput, notFound } from "../../shared/errors.js";
import { newId } from "../../shared/ids.js";
import { userColumnsWriter } from "../accounts/user-columns.js";
import { imageOf, listingFactsOf } from "../accounts/user-reads.js";
import { CompletedSkill } from "./completed-skill.entity.js";
import { FeedSnapshot } from "./feed-snapshot.entity.js";
import { type IndexedProfile, shownRating, writeProfileIndex } from "./profile-index.js";
import type { CleanProfile } from "./profile.rules.js";
import { UserLanguage } from "./user-language.entity.js";
import { UserSkill } from "./user-skill.entity.js";

/** users.gender, image, amount, days: the profile form's columns, written only by this module. */
const profileColumns = userColumnsWriter("profiles");

type ListingFacts = NonNullable<Awaited<ReturnType<typeof listingFactsOf>>>;

/** The account facts a student's directory rows carry (name, sign-up time, visibility, price, rating). */
async function listingFacts(em: EntityManager, userId: string): Promise<ListingFacts> {
  const facts = await listingFactsOf(em, userId);
  if (!facts) throw notFound("User not found");
  return facts;
}

/** Finished swaps the student taught (idx_completed_skills_mentor). */
async function taughtCount(em: EntityManager, userId: string): Promise<number> {
  return em.getRepository(CompletedSkill).count({ where: { mentorId: userId } });
}

/** What a student's directory rows list from their profile. */
type ListedProfile = Pick<IndexedProfile, "languages" | "known" | "categories" | "required">;

export class ProfileWriter {
  constructor(
    private readonly deps: Pick<Deps, "clock">,
    /** The student's responsiveness tier for the feed order. */
    private readonly tierOf: (em: EntityManager, userId: string) => Promise<number>,
  ) {}

  /**
   * Writes a validated profile and its feed and search index rows. The users row is updated
   * first: on MariaDB that row lock serialises two saves of the same profile, so their skill
   * and index rows never mix.
   */
  async write(em: EntityManager, userId: string, p: CleanProfile, image: string | null): Promise<void> {
    await profileColumns.set(em, userId, { gender: p.gender, image, amount: p.amount, days: p.days });
    await em.getRepository(UserSkill).delete({ userId });
    await em.getRepository(UserLanguage).delete({ userId });
    const skills = [
      ...p.skillsKnown.map((s, i) => ({ ...s, kind: "known" as const, position: i })),
      ...p.skillsRequired.map((s, i) => ({ ...s, kind: "required" as const, position: i })),
    ].map((s) => ({ id: newId(), userId, ...s }));
    if (skills.length) await em.getRepository(UserSkill).insert(skills);
    const languages = p.languages.map((language, position) => ({
      id: newId(),
      userId,
      position,
      language,
      languageKey: language.toLowerCase(),
    }));
    await em.getRepository(UserLanguage).insert(languages);
    const owner = await listingFacts(em, userId);
    await this.index(em, userId, owner, {
      languages: p.languages,
      known: p.skillsKnown.map((s) => s.skill),
      categories: p.skillsKnown.map((s) => s.category),
      required: p.skillsRequired.map((s) => s.skill),
    });
  }

  /** Brings a student's directory rows to their saved profile and account. */
  async reindex(em: EntityManager, userId: string): Promise<void> {
    const owner = await listingFacts(em, userId);
    const skills = await em.getRepository(UserSkill).find({ where: { userId }, order: { kind: "ASC", position: "ASC" } });
    const languages = await em.getRepository(UserLanguage).find({ where: { userId }, order: { position: "ASC" } });
    await this.index(em, userId, owner, {
      languages: languages.map((l) => l.language),
      known: skills.filter((s) => s.kind === "known").map((s) => s.skill),
      categories: skills.filter((s) => s.kind === "known").map((s) => s.category),
      required: skills.filter((s) => s.kind === "required").map((s) => s.skill),
    });
  }

  /** Writes the directory rows of what `listed` lists, with the account's facts, tier and swaps taught. */
  private async index(em: EntityManager, userId: string, owner: ListingFacts, listed: ListedProfile): Promise<void> {
    await writeProfileIndex(
      em,
      {
        userId,
        visible: owner.visible,
        name: owner.name,
        createdAt: owner.createdAt,
        ...listed,
        tier: await this.tierOf(em, userId),
        coins: owner.amount,
        rating: shownRating(owner.ratingSum, owner.ratingCount),
        taught: await taughtCount(em, userId),
      },
      this.deps.clock.now(),
    );
  }

  /**
   * Erases a deleted student's profile: skills, languages, what they learned, their feed session;
   * gender, picture and price cleared. Returns the picture they had (NOT_FOUND for no such user).
   * (Completed skills they taught stay with their learners, the mentor now shown as deleted.)
   */
  async erase(em: EntityManager, userId: string): Promise<string | null> {
    const image = await imageOf(em, userId);
    if (image === undefined) throw notFound("User not found");
    await profileColumns.set(em, userId, { gender: null, image: null, amount: 0, days: 0 });
    await em.getRepository(UserSkill).delete({ userId });
    await em.getRepository(UserLanguage).delete({ userId });
    await em.getRepository(CompletedSkill).delete({ learnerId: userId });
    await em.getRepository(FeedSnapshot).delete({ userId });
    await this.reindex(em, userId);
    return image;
  }

  /** Records a finished swap for the learner. */
  async addCompletedSkill(
    em: EntityManager,
    input: { learnerId: string; mentorId: string; skill: string; category: string },
  ): Promise<void> {
    const skill = input.skill.trim().slice(0, MAX_SKILL_LENGTH);
    if (!skill || input.learnerId === input.mentorId) throw badInput("A completed skill needs a skill and two different users");
    await em.getRepository(CompletedSkill).insert({
      id: newId(),
      learnerId: input.learnerId,
      mentorId: input.mentorId,
      skill,
      category: input.category.trim().slice(0, 40) || "Other",
      completedAt: this.deps.clock.now(),
    });
    // The mentor has now taught before (the directory's filter and saved-search alerts read it).
    await this.reindex(em, input.mentorId);
  }
}
