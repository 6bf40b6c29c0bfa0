import type { CompletedSkillView, SkillRef } from "./profile-reads.js";

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
