import type { CompletedSkillView, LanguagesAndCompleted, ProfileRow, SkillRef, UserSkills } from "./profile-reads.js";

/** What anyone signed in may see about a student: no email, no password, no days. */
export interface PublicProfile {
  id: string;
  name: string;
  gender: "Male" | "Female" | null;
  image: string | null;
  amount: number;
  rating: { value: number; count: number };
  languages: string[];
  skillsKnown: SkillRef[];
  skillsRequired: SkillRef[];
  completedSkills: Array<Omit<CompletedSkillView, "mentorId"> & { mentor: { id: string; name: string } | null }>;
}

export const ratingOf = (u: { ratingSum: number; ratingCount: number }) => ({
  value: u.ratingCount > 0 ? Math.round((u.ratingSum / u.ratingCount) * 10) / 10 : 0,
  count: u.ratingCount,
});

/**
 * A student's public profile from their row, skills, languages and completed skills (with their
 * mentors, read by id; null when they completed none). Written out field by field, not spread: an
 * object spread of rows whose fields vary (an image or none) made V8 build new hidden classes on
 * every read (docs/development.md).
 */
export function publicProfileOf(
  user: ProfileRow,
  skills: UserSkills,
  { languages, completed }: LanguagesAndCompleted,
  mentors: Map<string, ProfileRow> | null,
): PublicProfile {
  return {
    id: user.id,
    name: user.name,
    gender: user.gender,
    image: user.image,
    amount: user.amount,
    rating: ratingOf(user),
    languages,
    skillsKnown: skills.known,
    skillsRequired: skills.required,
    completedSkills: completed.map((c) => {
      const m = mentors?.get(c.mentorId);
      return { skill: c.skill, category: c.category, completedAt: c.completedAt, mentor: m ? { id: m.id, name: m.name } : null };
    }),
  };
}
