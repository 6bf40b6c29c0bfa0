/**
 * What a valid profile is: common/profiles.ts's checkProfile, the rules the web form runs too.
 * The server checks everything again whatever the client sent, and answers a problem as
 * BAD_USER_INPUT with the text the form shows.
 */
import { CATEGORIES, type CleanProfile, checkProfile, type ProfileInputValue } from "../../../../common/profiles.js";
import { badInput } from "../../shared/errors.js";

// The seed takes the category list from here.
export { CATEGORIES };
export type { CleanProfile, CleanSkill, ProfileInputValue, SkillInputValue } from "../../../../common/profiles.js";

/**
 * Checks a submitted profile and returns it cleaned (trimmed, de-duplicated), or throws
 * BAD_USER_INPUT with the message the form shows. The first failing rule wins, in the
 * order the form checks them.
 */
export function validateProfile(input: ProfileInputValue): CleanProfile {
  const checked = checkProfile(input);
  if (!checked.ok) throw badInput(checked.problem.message);
  return checked.profile;
}
