/** How a feed or search page is put together from its walked rows and their cards (feed.service.ts). */
import { describe, expect, it } from "vitest";
import { cardsInOrder } from "./feed-page.js";
import type { Cards, ProfileRow } from "./profile-reads.js";

const row = (id: string) => ({ id, name: id }) as unknown as ProfileRow;

describe("a page's cards", () => {
  it("keeps the rows' order and gives each card its own row's cursor, also when a student is gone meanwhile", () => {
    const read: Cards = {
      users: new Map([
        ["c", row("c")],
        ["a", row("a")],
      ]),
      skills: new Map(),
    };
    const walked = [
      { id: "a", at: 1 },
      { id: "b", at: 2 },
      { id: "c", at: 3 },
    ];
    const made: string[] = [];
    const page = cardsInOrder(walked, read, (r) => (made.push(r.id), `cursor of ${r.id} at ${r.at}`));
    expect(page.users.map((u) => u.id)).toEqual(["a", "c"]);
    // b's student is gone: the last card's cursor is c's (the next page starts after c, not after b's neighbour).
    expect(page.cursor(1)).toBe("cursor of c at 3");
    expect(page.cursor(0)).toBe("cursor of a at 1");
    // Cursors are made only when read.
    expect(made).toEqual(["c", "a"]);
  });
});
