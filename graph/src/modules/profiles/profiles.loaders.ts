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
  return {
    user: new DataLoader(async (ids) => {
      const m = await p().usersByIds(ids);
      return ids.map((id) => m.get(id) ?? null);
    }),
    skills: new DataLoader(async (ids) => {
      const m = await p().skillsOfMany(ids);
      return ids.map((id) => m.get(id) ?? { known: [], required: [] });
    }),
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
