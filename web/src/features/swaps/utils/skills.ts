import { CombinedGraphQLErrors } from "@apollo/client";

export interface SkillOption {
  skill: string;
  category: string;
}

/** The popup's texts (spec sections 5 and 8). */
export const SWAP_TEXT = {
  selectSkills: "select skills",
  enterCoins: "Enter skill coins",
  swapSent: (name: string) => `Swap request sent to ${name}. You will be notified when they answer.`,
  paySent: (name: string) => `Pay request sent to ${name}. You will be notified when they answer.`,
} as const;

/** Options for a <Select>: the index is the value, "Skill (Category)" the label. */
export const skillOptions = (skills: readonly SkillOption[]) =>
  skills.map((s, i) => ({ value: String(i), label: `${s.skill} (${s.category})` }));

export const pick = (skills: readonly SkillOption[] | undefined, value: string): SkillOption | null => {
  const s = value === "" ? undefined : skills?.[Number(value)];
  return s ? { skill: s.skill, category: s.category } : null;
};

/** The server's refusal in its own words; a generic line for network or server faults. */
export function serverMessage(error: unknown): string {
  if (CombinedGraphQLErrors.is(error) && error.errors[0]?.extensions?.code !== "INTERNAL_SERVER_ERROR") {
    return error.errors[0]?.message ?? "Something went wrong. Please try again.";
  }
  return "Something went wrong. Please try again.";
}

export const errorCodeOf = (error: unknown): string | undefined => {
  const code = CombinedGraphQLErrors.is(error) ? error.errors[0]?.extensions?.code : undefined;
  return typeof code === "string" ? code : undefined;
};
