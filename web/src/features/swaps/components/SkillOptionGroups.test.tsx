import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SkillOptionGroups } from "./SkillOptionGroups";

describe("a skill select's options", () => {
  it("are grouped by category, labelled by the skill alone unless its name is in two categories, valued by index", () => {
    const { container } = render(
      <select>
        <SkillOptionGroups
          skills={[
            { skill: "Python", category: "Programming & Technology" },
            { skill: "Guitar", category: "Music & Performing Arts" },
            { skill: "Go", category: "Programming & Technology" },
            { skill: "Go", category: "Hobbies & Crafts" },
          ]}
        />
      </select>,
    );
    const groups = [...container.querySelectorAll("optgroup")].map((g) => ({
      label: g.label,
      options: [...g.querySelectorAll("option")].map((o) => [o.value, o.textContent]),
    }));
    expect(groups).toEqual([
      {
        label: "Programming & Technology",
        options: [
          ["0", "Python"],
          ["2", "Go (Programming & Technology)"],
        ],
      },
      { label: "Music & Performing Arts", options: [["1", "Guitar"]] },
      { label: "Hobbies & Crafts", options: [["3", "Go (Hobbies & Crafts)"]] },
    ]);
  });
});
