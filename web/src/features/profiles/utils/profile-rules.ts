/**
 * The profile form's rules and texts. The server (graph/src/modules/profiles/profile.rules.ts)
 * checks the same rules with the same messages; a test keeps the two in step.
 */
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

export const LANGUAGES = [
  "English", "Spanish", "Hindi", "Bengali", "Telugu", "Tamil", "Marathi", "Gujarati", "Kannada",
  "Urdu", "Punjabi", "Malayalam", "Odia", "Assamese", "Nepali", "Sindhi", "Chinese", "French",
  "German", "Japanese", "Korean", "Russian", "Arabic", "Portuguese", "Italian", "Dutch", "Turkish",
] as const;

export const GENDERS = ["Male", "Female"] as const;
export const DEFAULT_LANGUAGE = "English";
export const MAX_IMAGE_BYTES = 2_097_152;
export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;
export const MAX_SKILL_LENGTH = 60;
export const MAX_SKILLS_PER_LIST = 20;
export const MAX_AMOUNT = 10_000;

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
  success: "Profile Details Updated Successfully",
} as const;

export interface SkillRow {
  category: string;
  skill: string;
}

export interface ProfileFormValues {
  gender: string;
  languages: string[];
  skillsKnown: SkillRow[];
  skillsRequired: SkillRow[];
  /** As typed in the number input. */
  amount: string;
}

export type FieldName = "gender" | "languages" | "skillsKnown" | "skillsRequired" | "amount" | "image";

export interface Problem {
  field: FieldName;
  message: string;
}

function checkSkills(rows: SkillRow[], field: FieldName): Problem | null {
  if (rows.length > MAX_SKILLS_PER_LIST) return { field, message: MESSAGES.tooManySkills };
  for (const row of rows) {
    if (!(CATEGORIES as readonly string[]).includes(row.category)) return { field, message: MESSAGES.categoryBlank };
    if (!row.skill.trim()) return { field, message: MESSAGES.skillBlank };
    if ([...row.skill.trim()].length > MAX_SKILL_LENGTH) return { field, message: MESSAGES.skillTooLong };
  }
  return null;
}

/** The first problem in the order the form shows its fields, or null when the form may be sent. */
export function checkProfile(values: ProfileFormValues, image: { hasCurrent: boolean; file: File | null }): Problem | null {
  if (!(GENDERS as readonly string[]).includes(values.gender)) return { field: "gender", message: MESSAGES.gender };
  if (values.languages.length === 0) return { field: "languages", message: MESSAGES.languageMissing };
  for (const l of values.languages) {
    if (!l.trim()) return { field: "languages", message: MESSAGES.languageBlank };
    if (!(LANGUAGES as readonly string[]).includes(l)) return { field: "languages", message: MESSAGES.languageUnknown };
  }
  const known = checkSkills(values.skillsKnown, "skillsKnown");
  if (known) return known;
  if (values.skillsRequired.length === 0) return { field: "skillsRequired", message: MESSAGES.skillsRequired };
  const required = checkSkills(values.skillsRequired, "skillsRequired");
  if (required) return required;
  if (!/^\d+$/.test(values.amount.trim()) || Number(values.amount) > MAX_AMOUNT) return { field: "amount", message: MESSAGES.amount };
  const imageProblem = checkImageFile(image.file);
  if (imageProblem) return imageProblem;
  if (!image.file && !image.hasCurrent) return { field: "image", message: MESSAGES.imageType };
  return null;
}

/** The browser's quick check of a picked file; the server decides again by the bytes. */
export function checkImageFile(file: File | null): Problem | null {
  if (!file) return null;
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return { field: "image", message: MESSAGES.imageType };
  if (file.size > MAX_IMAGE_BYTES) return { field: "image", message: MESSAGES.imageSize };
  return null;
}
