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

export const pick = (skills: readonly SkillOption[] | undefined, value: string): SkillOption | null => {
  const s = value === "" ? undefined : skills?.[Number(value)];
  return s ? { skill: s.skill, category: s.category } : null;
};
