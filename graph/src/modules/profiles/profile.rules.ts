/**
 * What a valid profile is. The web form (web/src/features/profiles/utils/profile-rules.ts)
 * shows the same texts; the server checks everything again whatever the client sent.
 */
import { badInput } from "../../shared/errors.js";

/** Spec section 3, in the order the form offers them. */
export const CATEGORIES = [
  "Programming & Technology",
  "Hobbies & Crafts",
  "Academics & Education",
  "Languages & Linguistics",
  "Business & Entrepreneurship",
  "Fitness & Wellness",
  "Music & Performing Arts",
  "Technology & Gadgets",
  "Personal Development",
  "Other",
] as const;

/** Spec section 3 (the source list names Kannada twice; it is offered once). */
export const LANGUAGES = [
  "English", "Spanish", "Hindi", "Bengali", "Telugu", "Tamil", "Marathi", "Gujarati", "Kannada",
  "Urdu", "Punjabi", "Malayalam", "Odia", "Assamese", "Nepali", "Sindhi", "Chinese", "French",
  "German", "Japanese", "Korean", "Russian", "Arabic", "Portuguese", "Italian", "Dutch", "Turkish",
] as const;

export const GENDERS = ["Male", "Female"] as const;
export type Gender = (typeof GENDERS)[number];

export const MAX_IMAGE_BYTES = 2_097_152;
export const MAX_SKILL_LENGTH = 60;
export const MAX_SKILLS_PER_LIST = 20;
export const MAX_AMOUNT = 10_000;
export const MAX_DAYS = 3_650;

export const MESSAGES = {
  gender: "Please Select your gender",
  skillsRequired: "Skills Required must be given",
  imageType: "Please select an image file.",
  imageSize: "Please select an image less than 2MB in size.",
  languageMissing: "Please select at least one language",
  languageBlank: "Please select a language in every row",
  languageUnknown: "Please select languages from the list",
  categoryBlank: "Please select a category for every skill",
  skillBlank: "Please enter a skill in every row",
  skillTooLong: `A skill can be at most ${MAX_SKILL_LENGTH} characters`,
  tooManySkills: `You can list at most ${MAX_SKILLS_PER_LIST} skills in each list`,
  amount: `Skill Coins per course must be a whole number from 0 to ${MAX_AMOUNT}`,
  days: `Days must be a whole number from 0 to ${MAX_DAYS}`,
} as const;

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

/** Case-insensitive key that search and feed matching compare. */
export const skillKeyOf = (skill: string) => normalizeSkill(skill).toLowerCase();
const normalizeSkill = (s: string) => s.normalize("NFC").trim().replace(/\s+/g, " ");

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
