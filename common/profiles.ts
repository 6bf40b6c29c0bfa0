/**
 * The profile catalog, its rules and their texts: the one definition of a valid profile. The
 * server (graph/src/modules/profiles/profile.rules.ts turns a problem into BAD_USER_INPUT) and the
 * web form (web/src/features/profiles/utils/profile-rules.ts shows every problem at its field) run
 * the same rules: checkProfileAll finds every problem, checkProfile (the server's) is its first;
 * checkImageFile checks a picture. Plain TypeScript: no Node or DOM APIs.
 */

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
  "English",
  "Spanish",
  "Hindi",
  "Bengali",
  "Telugu",
  "Tamil",
  "Marathi",
  "Gujarati",
  "Kannada",
  "Urdu",
  "Punjabi",
  "Malayalam",
  "Odia",
  "Assamese",
  "Nepali",
  "Sindhi",
  "Chinese",
  "French",
  "German",
  "Japanese",
  "Korean",
  "Russian",
  "Arabic",
  "Portuguese",
  "Italian",
  "Dutch",
  "Turkish",
] as const;

/** The GraphQL enum name (what the web sends and reads) to the spec's text (stored, sent over REST, shown). */
export const Gender = { MALE: "Male", FEMALE: "Female" } as const;
export type Gender = (typeof Gender)[keyof typeof Gender];
export const GENDERS: readonly Gender[] = Object.values(Gender);

export const MAX_IMAGE_BYTES = 2_097_152;
/** The picture types kept, by content on the server, by the declared type in the browser (no SVG: it can carry script). */
export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;
export type ImageMime = (typeof IMAGE_TYPES)[number];
export const MAX_SKILL_LENGTH = 60;
export const MAX_SKILLS_PER_LIST = 20;
/** Each language of the catalog once. */
export const MAX_LANGUAGES = LANGUAGES.length;
export const MAX_AMOUNT = 10_000;
export const MAX_DAYS = 3_650;

export const PROFILE_MESSAGES = {
  gender: "Please Select your gender",
  skillsRequired: "Skills Required must be given",
  imageType: "Please select an image file.",
  imageSize: "Please select an image less than 2MB in size.",
  languageMissing: "Please select at least one language",
  languageBlank: "Please select a language in every row",
  languageUnknown: "Please select languages from the list",
  tooManyLanguages: `You can list at most ${LANGUAGES.length} languages`,
  categoryBlank: "Please select a category for every skill",
  skillBlank: "Please enter a skill in every row",
  skillTooLong: `A skill can be at most ${MAX_SKILL_LENGTH} characters`,
  tooManySkills: `You can list at most ${MAX_SKILLS_PER_LIST} skills in each list`,
  amount: `Skill Coins per course must be a whole number from 0 to ${MAX_AMOUNT}`,
  days: `Days must be a whole number from 0 to ${MAX_DAYS}`,
} as const;

/** A skill as stored: NFC, trimmed, inner whitespace collapsed. */
export const normalizeSkill = (s: string) => s.normalize("NFC").trim().replace(/\s+/g, " ");

/** Case-insensitive key that search, feed matching and swap requests compare. */
export const skillKeyOf = (skill: string) => normalizeSkill(skill).toLowerCase();

// ---- the rules ----

export type ProfileField = "gender" | "languages" | "skillsKnown" | "skillsRequired" | "amount" | "days" | "image";

/** What is wrong, addressed to the field (and the row and control of a list) the form shows it at. */
export interface ProfileProblem {
  field: ProfileField;
  message: string;
  /** The row of a list (languages, skills) that is wrong; none for the list as a whole. */
  index?: number;
  /** Which control of a skill row. */
  part?: "category" | "skill";
}

/** A submitted profile as any door has it: anything may be missing or of the wrong type. */
export interface ProfileInputValue {
  /** The spec's text, Male or Female (GENDERS). */
  gender?: unknown;
  languages: unknown;
  skillsKnown: unknown;
  skillsRequired: unknown;
  /** A whole number, or its digits as typed; missing or empty is 0. */
  amount?: unknown;
  days?: unknown;
}

export interface SkillInputValue {
  category: string;
  skill: string;
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

export interface ImageProblem extends ProfileProblem {
  field: "image";
}

export type ProfileCheck = { ok: true; profile: CleanProfile } | { ok: false; problem: ProfileProblem };

const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Whole numbers only; numeric strings ("5") are what old clients and the form's input send. */
function wholeNumber(v: unknown, fallback: number): number | null {
  if (v === undefined || v === null || v === "") return fallback;
  const n = typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v;
  return typeof n === "number" && Number.isInteger(n) ? n : null;
}

/** A list cleaned as far as its good rows go, with every problem found on the way. */
interface Cleaned<T> {
  value: T;
  problems: ProfileProblem[];
}

const problemAt = (field: ProfileField, message: string, at: Pick<ProfileProblem, "index" | "part"> = {}): ProfileProblem => ({
  field,
  message,
  ...at,
});

function cleanLanguages(rows: unknown[]): Cleaned<string[]> {
  const problems: ProfileProblem[] = [];
  const value: string[] = [];
  if (rows.length === 0) problems.push(problemAt("languages", PROFILE_MESSAGES.languageMissing));
  // Too many is the list's one problem: its rows are not read (a request cannot make the server walk a long list).
  if (rows.length > MAX_LANGUAGES) return { value, problems: [problemAt("languages", PROFILE_MESSAGES.tooManyLanguages)] };
  for (const [index, l] of rows.entries()) {
    const name = typeof l === "string" ? l.trim() : "";
    if (!name) problems.push(problemAt("languages", PROFILE_MESSAGES.languageBlank, { index }));
    else if (!(LANGUAGES as readonly string[]).includes(name))
      problems.push(problemAt("languages", PROFILE_MESSAGES.languageUnknown, { index }));
    // Repeats count once.
    else if (!value.includes(name)) value.push(name);
  }
  return { value, problems };
}

function cleanSkills(rows: unknown[], field: "skillsKnown" | "skillsRequired"): Cleaned<CleanSkill[]> {
  const problems: ProfileProblem[] = [];
  const value: CleanSkill[] = [];
  if (rows.length > MAX_SKILLS_PER_LIST) return { value, problems: [problemAt(field, PROFILE_MESSAGES.tooManySkills)] };
  const seen = new Set<string>();
  for (const [index, row] of rows.entries()) {
    const r = (row ?? {}) as Partial<Record<keyof SkillInputValue, unknown>>;
    const category = typeof r.category === "string" ? r.category.trim() : "";
    const skill = typeof r.skill === "string" ? normalizeSkill(r.skill) : "";
    // Both controls of a row are checked: an empty row is wrong at its category and at its skill.
    const before = problems.length;
    if (!(CATEGORIES as readonly string[]).includes(category))
      problems.push(problemAt(field, PROFILE_MESSAGES.categoryBlank, { index, part: "category" }));
    if (!skill) problems.push(problemAt(field, PROFILE_MESSAGES.skillBlank, { index, part: "skill" }));
    // Counted as stored (NFC, inner spaces collapsed), in characters rather than UTF-16 units.
    else if ([...skill].length > MAX_SKILL_LENGTH) problems.push(problemAt(field, PROFILE_MESSAGES.skillTooLong, { index, part: "skill" }));
    if (problems.length > before) continue;
    const skillKey = skill.toLowerCase();
    // The same skill twice in one list says nothing more: keep the first.
    if (seen.has(`${category}\n${skillKey}`)) continue;
    seen.add(`${category}\n${skillKey}`);
    value.push({ category, skill, skillKey });
  }
  return { value, problems };
}

export type ProfileCheckAll = { ok: true; profile: CleanProfile } | { ok: false; problems: ProfileProblem[] };

/**
 * Checks a submitted profile (all but the picture) and returns it cleaned (trimmed, normalised,
 * repeats dropped), or every problem at once, in the order the form shows its fields (and, in a
 * list, its rows; in a skill row, category before skill). The one set of rules: checkProfile is
 * this, cut to the first problem.
 */
export function checkProfileAll(input: ProfileInputValue): ProfileCheckAll {
  const problems: ProfileProblem[] = [];
  if (!(GENDERS as readonly unknown[]).includes(input.gender)) problems.push(problemAt("gender", PROFILE_MESSAGES.gender));
  const languages = cleanLanguages(asList(input.languages));
  const skillsKnown = cleanSkills(asList(input.skillsKnown), "skillsKnown");
  const requiredRows = asList(input.skillsRequired);
  const skillsRequired = cleanSkills(requiredRows, "skillsRequired");
  problems.push(...languages.problems, ...skillsKnown.problems, ...skillsRequired.problems);
  // A row given but wrong says so at the row; the list's own message is for a list without rows.
  if (requiredRows.length === 0) problems.push(problemAt("skillsRequired", PROFILE_MESSAGES.skillsRequired));
  const amount = wholeNumber(input.amount, 0);
  if (amount === null || amount < 0 || amount > MAX_AMOUNT) problems.push(problemAt("amount", PROFILE_MESSAGES.amount));
  const days = wholeNumber(input.days, 0);
  if (days === null || days < 0 || days > MAX_DAYS) problems.push(problemAt("days", PROFILE_MESSAGES.days));
  if (problems.length > 0 || amount === null || days === null) return { ok: false, problems };
  return {
    ok: true,
    profile: {
      gender: input.gender as Gender,
      languages: languages.value,
      skillsKnown: skillsKnown.value,
      skillsRequired: skillsRequired.value,
      amount,
      days,
    },
  };
}

/**
 * Checks a submitted profile (all but the picture) and returns it cleaned, or its first problem
 * in the order the form shows its fields: what the server answers (one BAD_USER_INPUT message).
 */
export function checkProfile(input: ProfileInputValue): ProfileCheck {
  const checked = checkProfileAll(input);
  return checked.ok ? checked : { ok: false, problem: checked.problems[0] };
}

/**
 * A picture's size and type: the server passes the type it read from the bytes, the browser the
 * type the file declares. Size first (the server stops reading past the limit), and an empty
 * file is no picture.
 */
export function checkImageFile(file: { size: number; type: string }): ImageProblem | null {
  if (file.size > MAX_IMAGE_BYTES) return { field: "image", message: PROFILE_MESSAGES.imageSize };
  if (file.size === 0 || !(IMAGE_TYPES as readonly string[]).includes(file.type))
    return { field: "image", message: PROFILE_MESSAGES.imageType };
  return null;
}

/** Spec: "image required if none exists": a profile is saved only with a picture, kept or new. */
export const checkImageGiven = (hasImage: boolean): ImageProblem | null =>
  hasImage ? null : { field: "image", message: PROFILE_MESSAGES.imageType };
