import { afterEach, describe, expect, it } from "vitest";
import { boardHeight, boardWidth } from "./board-size";
import { LOCAL_HIGH_SCORE_KEY, readLocalHighScore, saveLocalHighScore } from "./local-high-score";

describe("board size", () => {
  const desktop = { width: 1280, height: 800 };

  it("is 40% of the parent rounded down to a multiple of 30, at 3:2", () => {
    expect(boardWidth(1100, desktop)).toBe(420); // 440 -> 420
    expect(boardWidth(1500, desktop)).toBe(600);
    expect(boardWidth(1549, desktop)).toBe(600); // 619.6 -> 600
    expect(boardHeight(420)).toBe(280);
    expect(boardHeight(600)).toBe(400);
  });

  it("never goes below 360 px on wide screens, nor wider than the parent", () => {
    expect(boardWidth(800, { width: 900, height: 800 })).toBe(360);
    expect(boardWidth(300, { width: 900, height: 800 })).toBe(300);
  });

  it("uses the full width at the md breakpoint and below", () => {
    expect(boardWidth(343, { width: 375, height: 740 })).toBe(330);
    expect(boardWidth(720, { width: 768, height: 1024 })).toBe(720);
    // a phone on its side: limited by the height
    expect(boardWidth(700, { width: 740, height: 375 })).toBe(330);
    // A phone turned sideways: the arrows and the scores beside the board take their room first.
    expect(boardWidth(620, { width: 667, height: 375 }, true)).toBe(240);
    expect(boardWidth(764, { width: 812, height: 375 }, true)).toBe(360);
  });
});

describe("local high score", () => {
  afterEach(() => localStorage.clear());

  it("is 0 when nothing (or garbage) is stored", () => {
    expect(readLocalHighScore("u1")).toBe(0);
    localStorage.setItem(`${LOCAL_HIGH_SCORE_KEY}:u1`, "lots");
    expect(readLocalHighScore("u1")).toBe(0);
  });

  it("is saved only when greater, per user", () => {
    expect(saveLocalHighScore("u1", 12)).toBe(12);
    expect(saveLocalHighScore("u1", 5)).toBe(12);
    expect(localStorage.getItem(`${LOCAL_HIGH_SCORE_KEY}:u1`)).toBe("12");
    expect(saveLocalHighScore("u1", 13)).toBe(13);
    expect(readLocalHighScore("u2")).toBe(0);
  });
});

describe("local high score bounds", () => {
  it("ignores a stored value no game can reach", () => {
    localStorage.setItem(`${LOCAL_HIGH_SCORE_KEY}:u3`, "595");
    expect(readLocalHighScore("u3")).toBe(0);
    localStorage.setItem(`${LOCAL_HIGH_SCORE_KEY}:u3`, "594");
    expect(readLocalHighScore("u3")).toBe(594);
  });
});
