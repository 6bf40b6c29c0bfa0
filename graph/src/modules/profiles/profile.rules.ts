/**
 * What a valid profile is. The catalog and the texts live in common/profiles.ts, which the
 * web form imports too; the server checks everything again whatever the client sent.
 */
import {
  CATEGORIES,
  type Gender,
  GENDERS,
  LANGUAGES,
  MAX_AMOUNT,
  MAX_DAYS,
  MAX_LANGUAGES,
  MAX_SKILL_LENGTH,
  MAX_SKILLS_PER_LIST,
  normalizeSkill,
  PROFILE_MESSAGES as MESSAGES,
} from "../../../../common/profiles.js";
import { badInput } from "../../shared/errors.js";

// The seed takes the category list from here.
export { CATEGORIES };

export interface SkillInputValue {
  category: string;
  skill: string;
}

export interface ProfileInputValue {
  gender?: unknown;
  languages: unknown;
  skillsKnown: unknown;
  skillsRequired: unknown;
  amount?: unknown;
  days?: unknown;
}

export interface CleanSkill {
  category: string;
  skill: string;
  skillKey: string;
}

export interface CleanProfile {
  gender: Gender;
  languages: string[];
  skillsKnown: CleanSkill[];
  skillsRequired: CleanSkill[];
  amount: number;
  days: number;
}

function asList(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

/** Whole numbers only; numeric strings ("5") are what old clients send from inputs. */
function wholeNumber(v: unknown, fallback: number): number | null {
  if (v === undefined || v === null || v === "") return fallback;
  const n = typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v;
  return typeof n === "number" && Number.isInteger(n) ? n : null;
}

function cleanSkills(rows: unknown[]): CleanSkill[] {
  if (rows.length > MAX_SKILLS_PER_LIST) throw badInput(MESSAGES.tooManySkills);
  const out: CleanSkill[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const r = (row ?? {}) as Partial<Record<keyof SkillInputValue, unknown>>;
    const category = typeof r.category === "string" ? r.category.trim() : "";
    const skill = typeof r.skill === "string" ? normalizeSkill(r.skill) : "";
    if (!(CATEGORIES as readonly string[]).includes(category)) throw badInput(MESSAGES.categoryBlank);
    if (!skill) throw badInput(MESSAGES.skillBlank);
    if ([...skill].length > MAX_SKILL_LENGTH) throw badInput(MESSAGES.skillTooLong);
    const skillKey = skill.toLowerCase();
    // The same skill twice in one list says nothing more: keep the first.
    if (seen.has(`${category}\n${skillKey}`)) continue;
    seen.add(`${category}\n${skillKey}`);
    out.push({ category, skill, skillKey });
  }
  return out;
}

/**
 * Checks a submitted profile and returns it cleaned (trimmed, de-duplicated), or throws
 * BAD_USER_INPUT with the message the form shows. The first failing rule wins, in the
 * order the form checks them.
 */
export function validateProfile(input: ProfileInputValue): CleanProfile {
  if (!(GENDERS as readonly unknown[]).includes(input.gender)) throw badInput(MESSAGES.gender);

  const rawLanguages = asList(input.languages);
  if (rawLanguages.length === 0) throw badInput(MESSAGES.languageMissing);
  if (rawLanguages.length > MAX_LANGUAGES) throw badInput(MESSAGES.tooManyLanguages);
  const languages: string[] = [];
  for (const l of rawLanguages) {
    const name = typeof l === "string" ? l.trim() : "";
    if (!name) throw badInput(MESSAGES.languageBlank);
    if (!(LANGUAGES as readonly string[]).includes(name)) throw badInput(MESSAGES.languageUnknown);
    if (!languages.includes(name)) languages.push(name);
  }

  const skillsKnown = cleanSkills(asList(input.skillsKnown));
  const skillsRequired = cleanSkills(asList(input.skillsRequired));
  if (skillsRequired.length === 0) throw badInput(MESSAGES.skillsRequired);

  const amount = wholeNumber(input.amount, 0);
  if (amount === null || amount < 0 || amount > MAX_AMOUNT) throw badInput(MESSAGES.amount);
  const days = wholeNumber(input.days, 0);
  if (days === null || days < 0 || days > MAX_DAYS) throw badInput(MESSAGES.days);

  return { gender: input.gender as Gender, languages, skillsKnown, skillsRequired, amount, days };
}
