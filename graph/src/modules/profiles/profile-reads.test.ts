/**
 * cardsByIds reads a page's cards with no ORDER BY (a sort was a temporary table and a filesort on
 * MariaDB): the rows may come in any order, and each card's skills must still be in the student's
 * order. Both databases happen to return them in index order, so this feeds it rows in the worst
 * order through a runner that answers the statement with them.
 */
import { describe, expect, it } from "vitest";
import { cardsByIds } from "./profile-reads.js";

const row = (id: string, kind: string | null, position: number | null, skill: string | null) => ({
  id,
  name: `Student ${id}`,
  email: `${id}@psgtech.ac.in`,
  gender: "Female",
  image: null,
  amount: 5,
  days: 3,
  ratingSum: 0,
  ratingCount: 0,
  ratingAvg: 0,
  createdAt: "2026-11-01 10:00:00.000",
  emailVerifiedAt: null,
  skillKind: kind,
  skillPosition: position,
  skillCategory: skill && "Other",
  skillName: skill,
});

/** A runner (as rawQuery reads one) whose every statement answers `rows`. */
const answering = (rows: object[]) =>
  ({
    options: { type: "sqlite" },
    driver: { escapeQueryWithParameters: (sql: string) => [sql, []] },
    query: async () => rows,
  }) as never;

describe("cardsByIds", () => {
  it("puts each card's skills in their positions, whatever order the rows come in", async () => {
    const rows = [
      row("b", "required", 1, "Rust"),
      row("a", "known", 2, "Yoga"),
      row("b", "known", 0, "Java"),
      row("a", "required", 0, "Go"),
      row("a", "known", 0, "Python"),
      row("b", "required", 0, "Chess"),
      row("a", "known", 1, "Guitar"),
      row("c", null, null, null),
    ];
    const cards = await cardsByIds(answering(rows), ["a", "b", "c"]);
    expect(cards.skills.get("a")).toEqual({
      known: ["Python", "Guitar", "Yoga"].map((skill) => ({ category: "Other", skill })),
      required: [{ category: "Other", skill: "Go" }],
    });
    expect(cards.skills.get("b")!.known.map((s) => s.skill)).toEqual(["Java"]);
    expect(cards.skills.get("b")!.required.map((s) => s.skill)).toEqual(["Chess", "Rust"]);
    expect(cards.skills.get("c")).toEqual({ known: [], required: [] });
    expect([...cards.users.keys()].sort()).toEqual(["a", "b", "c"]);
    expect(cards.users.get("a")!.createdAt).toBeInstanceOf(Date);
  });
});
