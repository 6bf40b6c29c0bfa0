import type { SkillOption } from "../utils/skills";

/**
 * A skill select's options, grouped by category: the picker shows each category once, and the closed
 * select shows just the skill, which fits a phone ("Python (Programming & Techr" did not). A skill
 * name listed in two categories keeps its category in its label. The value is the skill's index
 * (`pick` reads it back).
 */
export function SkillOptionGroups({ skills }: { skills: readonly SkillOption[] }) {
  const groups = new Map<string, Array<{ index: number; skill: string }>>();
  const categoriesOf = new Map<string, Set<string>>();
  skills.forEach(({ skill, category }, index) => {
    groups.set(category, [...(groups.get(category) ?? []), { index, skill }]);
    categoriesOf.set(skill, (categoriesOf.get(skill) ?? new Set()).add(category));
  });
  return [...groups].map(([category, items]) => (
    <optgroup key={category} label={category}>
      {items.map(({ index, skill }) => (
        <option key={index} value={String(index)}>
          {categoriesOf.get(skill)!.size > 1 ? `${skill} (${category})` : skill}
        </option>
      ))}
    </optgroup>
  ));
}
