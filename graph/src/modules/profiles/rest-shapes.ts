import type { ProfileRow, PublicProfile, SkillRef, UserSkills } from "./profiles.service.js";

/** The spec's (section 3) JSON shapes for the REST compatibility layer. */
export function restPublicUser(p: PublicProfile) {
  return {
    _id: p.id,
    name: p.name,
    gender: p.gender,
    image: p.image,
    selectedLanguages: p.languages,
    languages: p.languages,
    skillsKnown: p.skillsKnown.map(restSkill),
    skillsRequired: p.skillsRequired.map(restSkill),
    completed_skills: p.completedSkills.map((c) => ({
      skill: c.skill,
      category: c.category,
      mentor: c.mentor ? { _id: c.mentor.id, name: c.mentor.name } : null,
    })),
    rating: { ratingValue: p.rating.value, ratingCount: p.rating.count },
    amount: p.amount,
  };
}

/** The caller's own user: the public shape plus email, days and whether the email is verified. */
export function restOwnUser(p: PublicProfile, own: Pick<ProfileRow, "email" | "days" | "emailVerifiedAt">) {
  // Added to the shape, not spread into a copy (a spread of it cost a profile read new hidden classes).
  return Object.assign(restPublicUser(p), { email: own.email, days: own.days, emailVerified: own.emailVerifiedAt !== null });
}

export function restFeedItem(u: ProfileRow, skills: UserSkills | undefined) {
  return {
    _id: u.id,
    name: u.name,
    skillsKnown: (skills?.known ?? []).map(restSkill),
    skillsRequired: (skills?.required ?? []).map(restSkill),
  };
}

const restSkill = (s: SkillRef) => ({ category: s.category, skill: s.skill });
