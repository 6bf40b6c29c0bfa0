/**
 * The profile form's side of common/profiles.ts: the rules the server runs (checkProfileAll,
 * checkImageFile), given the form's values. The texts and the order are the server's; the form
 * shows every problem at once, the server answers the first.
 */
import {
  checkImageFile as checkImage,
  checkImageGiven,
  checkProfileAll as checkRules,
  type CleanProfile,
  PROFILE_MESSAGES,
  type ProfileField,
  type ProfileProblem,
} from "../../../../../common/profiles";
import type { Gender } from "../../../gql/graphql";
import { genderText } from "../../../lib/gender";

export const DEFAULT_LANGUAGE = "English";

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
  /** Not on the form: sent back as loaded. */
  days?: number;
}

/** The fields the form shows a problem at (days is not on the form). */
export type FieldName = Exclude<ProfileField, "days">;

export interface Problem extends ProfileProblem {
  field: FieldName;
}

/** A problem the form cannot show at a field of its own: beside Submit. */
export interface Refusal {
  field?: undefined;
  message: string;
}

const atForm = (p: ProfileProblem): Problem | Refusal => (p.field === "days" ? { message: p.message } : { ...p, field: p.field });

/**
 * The profile to send, cleaned as the server stores it, or every problem in the order the form
 * shows its fields, the picture (a picked file, else the current one) last; `problem` is the
 * first of them, the one the server would answer.
 */
export function checkProfile(
  values: ProfileFormValues,
  image: { hasCurrent: boolean; file: File | null },
): { ok: true; profile: CleanProfile } | { ok: false; problem: Problem | Refusal; problems: (Problem | Refusal)[] } {
  const checked = checkRules({ ...values, gender: genderText(values.gender || null) });
  const imageProblem = checkImageFile(image.file) ?? checkImageGiven(Boolean(image.file) || image.hasCurrent);
  if (checked.ok && !imageProblem) return checked;
  const problems = [...(checked.ok ? [] : checked.problems.map(atForm)), ...(imageProblem ? [imageProblem] : [])];
  return { ok: false, problem: problems[0], problems };
}

/** The browser's quick check of a picked file by its declared type; the server decides again by the bytes. */
export function checkImageFile(file: File | null): Problem | null {
  return file ? checkImage(file) : null;
}
