/** Students for the discovery suites: skills with categories, languages, price, ratings and swaps taught. */
import { validateProfile } from "../src/modules/profiles/profile.rules.js";
import type { TestApp } from "./harness.js";

export type Skill = [category: string, skill: string];
const P = "Programming & Technology";

export async function student(
  t: TestApp,
  o: { name: string; known: Skill[]; required: Skill[]; languages?: string[]; amount?: number },
): Promise<{ id: string; token: string }> {
  const { user, token } = await t.createUser({ name: o.name });
  const profile = validateProfile({
    gender: "Female",
    languages: o.languages ?? ["English"],
    skillsKnown: o.known.map(([category, skill]) => ({ category, skill })),
    skillsRequired: o.required.map(([category, skill]) => ({ category, skill })),
    amount: o.amount ?? 0,
    days: 1,
  });
  await t.app.services.deps.tx((em) => t.app.services.profiles.writeProfile(em, user.id, profile, null));
  return { id: user.id, token };
}

/** Gives a student a rating (as finishing a chat would) and their directory rows the new value. */
export async function rate(t: TestApp, id: string, stars: number[]): Promise<void> {
  await t.app.services.deps.tx(async (em) => {
    for (const s of stars) await t.app.services.users.addRating(id, s, em);
    await t.app.services.profiles.reindex(em, id);
  });
}

/** A finished swap in which `mentor` taught `learner`. */
export async function taught(t: TestApp, mentor: string, learner: string): Promise<void> {
  await t.app.services.deps.tx((em) =>
    t.app.services.profiles.addCompletedSkill(em, { learnerId: learner, mentorId: mentor, skill: "Python", category: P }),
  );
}
