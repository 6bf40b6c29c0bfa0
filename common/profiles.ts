/**
 * The profile catalog and the texts of its rules, shared by the server's checks
 * (graph/src/modules/profiles/profile.rules.ts) and the web form
 * (web/src/features/profiles/utils/profile-rules.ts). Plain TypeScript: no Node or DOM APIs.
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
