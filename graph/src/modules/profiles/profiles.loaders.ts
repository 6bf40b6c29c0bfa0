import DataLoader from "dataloader";
import type { Services } from "../../services.js";
import type { CompletedSkillView, ProfileRow, UserSkills } from "./profiles.service.js";

/** Per-request batching: a page of N profiles costs one statement per relation, not N. */
export interface ProfileLoaders {
  user: DataLoader<string, ProfileRow | null>;
  skills: DataLoader<string, UserSkills>;
  languages: DataLoader<string, string[]>;
  completed: DataLoader<string, CompletedSkillView[]>;
}

export function createProfileLoaders(services: Services): ProfileLoaders {
  const p = () => services.profiles;
  const skills = new DataLoader<string, UserSkills>(async (ids) => {
    const m = await p().skillsOfMany(ids);
    return ids.map((id) => m.get(id) ?? { known: [], required: [] });
  });
  return {
    // A profile is nearly always shown with its skills: one statement reads both, and the skills
    // loader is primed so the skill fields cost nothing more.
    user: new DataLoader(async (ids) => {
      const cards = await p().cardsByIds(ids);
      for (const [id, s] of cards.skills) skills.prime(id, s);
      return ids.map((id) => cards.users.get(id) ?? null);
    }),
    skills,
    languages: new DataLoader(async (ids) => {
      const m = await p().languagesOfMany(ids);
      return ids.map((id) => m.get(id) ?? []);
    }),
    completed: new DataLoader(async (ids) => {
      const m = await p().completedOfMany(ids);
      return ids.map((id) => m.get(id) ?? []);
    }),
  };
}
