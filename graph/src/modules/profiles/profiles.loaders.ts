import DataLoader from "dataloader";
import type { KitServices } from "../../kit/context.js";
import type { CompletedSkillView, ProfileRow, UserSkills } from "./profiles.service.js";

/** Per-request batching: a page of N profiles costs one statement per relation, not N. */
export interface ProfileLoaders {
  user: DataLoader<string, ProfileRow | null>;
  skills: DataLoader<string, UserSkills>;
  languages: Loads<string[]>;
  completed: Loads<CompletedSkillView[]>;
}

/** What a resolver does with a loader. */
interface Loads<V> {
  load(id: string): Promise<V>;
}

export function createProfileLoaders(services: Pick<KitServices, "profiles">): ProfileLoaders {
  const p = () => services.profiles;
  const skills = new DataLoader<string, UserSkills>(async (ids) => {
    const m = await p().skillsOfMany(ids);
    return ids.map((id) => m.get(id) ?? { known: [], required: [] });
  });
  const extras = extrasLoader(p);
  return {
    // A profile is nearly always shown with its skills: one statement reads both, and the skills
    // loader is primed so the skill fields cost nothing more.
    user: new DataLoader(async (ids) => {
      const cards = await p().cardsByIds(ids);
      for (const [id, s] of cards.skills) skills.prime(id, s);
      return ids.map((id) => cards.users.get(id) ?? null);
    }),
    skills,
    languages: { load: (id) => extras.load(`l${id}`) as Promise<string[]> },
    completed: { load: (id) => extras.load(`c${id}`) as Promise<CompletedSkillView[]> },
  };
}

/**
 * Languages (keys `l<id>`) and completed skills (`c<id>`) through one loader: a profile page asks for
 * both of one student in the same tick, and gets them in one statement (`languagesAndCompletedOf`,
 * as REST's profile does). Any other batch costs one statement per part asked for, as two loaders would.
 */
function extrasLoader(p: () => KitServices["profiles"]) {
  return new DataLoader<string, string[] | CompletedSkillView[]>(async (keys) => {
    const languageIds: string[] = [];
    const completedIds: string[] = [];
    for (const key of keys) (key[0] === "l" ? languageIds : completedIds).push(key.slice(1));
    if (languageIds.length === 1 && completedIds.length === 1 && languageIds[0] === completedIds[0]) {
      const { languages, completed } = await p().languagesAndCompletedOf(languageIds[0]);
      return keys.map((key) => (key[0] === "l" ? languages : completed));
    }
    const [languages, completed] = await Promise.all([
      languageIds.length ? p().languagesOfMany(languageIds) : new Map<string, string[]>(),
      completedIds.length ? p().completedOfMany(completedIds) : new Map<string, CompletedSkillView[]>(),
    ]);
    return keys.map((key) => (key[0] === "l" ? (languages.get(key.slice(1)) ?? []) : (completed.get(key.slice(1)) ?? [])));
  });
}
