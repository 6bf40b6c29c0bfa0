/**
 * The profile form's rules. The catalog, limits and texts come from common/profiles.ts, the
 * same file the server's checks (graph/src/modules/profiles/profile.rules.ts) import.
 */
import {
  CATEGORIES,
  LANGUAGES,
  MAX_AMOUNT,
  MAX_IMAGE_BYTES,
  MAX_SKILL_LENGTH,
  MAX_SKILLS_PER_LIST,
  PROFILE_MESSAGES,
} from "../../../../../common/profiles";
import type { Gender } from "../../../gql/graphql";
import { isGender } from "../../../lib/gender";

export const DEFAULT_LANGUAGE = "English";
export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;

export const MESSAGES = {
  ...PROFILE_MESSAGES,
  success: "Profile Details Updated Successfully",
} as const;

export interface SkillRow {
  category: string;
  skill: string;
}

export interface ProfileFormValues {
  /** The schema's Gender value, "" until chosen. */
  gender: Gender | "";
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
  /** The row of a list field (languages, skills) that is wrong; none for the list as a whole. */
  index?: number;
  /** Which control of a skill row. */
  part?: "category" | "skill";
}

function checkSkills(rows: SkillRow[], field: FieldName): Problem | null {
  if (rows.length > MAX_SKILLS_PER_LIST) return { field, message: MESSAGES.tooManySkills };
  for (const [index, row] of rows.entries()) {
    if (!(CATEGORIES as readonly string[]).includes(row.category))
      return { field, index, part: "category", message: MESSAGES.categoryBlank };
    if (!row.skill.trim()) return { field, index, part: "skill", message: MESSAGES.skillBlank };
    if ([...row.skill.trim()].length > MAX_SKILL_LENGTH) return { field, index, part: "skill", message: MESSAGES.skillTooLong };
  }
  return null;
}

/** The first problem in the order the form shows its fields, or null when the form may be sent. */
export function checkProfile(values: ProfileFormValues, image: { hasCurrent: boolean; file: File | null }): Problem | null {
  if (!values.gender || !isGender(values.gender)) return { field: "gender", message: MESSAGES.gender };
  if (values.languages.length === 0) return { field: "languages", message: MESSAGES.languageMissing };
  for (const [index, l] of values.languages.entries()) {
    if (!l.trim()) return { field: "languages", index, message: MESSAGES.languageBlank };
    if (!(LANGUAGES as readonly string[]).includes(l)) return { field: "languages", index, message: MESSAGES.languageUnknown };
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
