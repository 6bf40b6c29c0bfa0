import { describe, expect, it } from "vitest";
import {
  type Cell,
  COLS,
  createGame,
  type Direction,
  type GameState,
  MAX_QUEUED_TURNS,
  MAX_SCORE,
  placeApple,
  ROWS,
  sameCell,
  START_LENGTH,
  start,
  step,
  stop,
  tickInterval,
  turn,
} from "./snake";

/** A running game with the given snake (head first) and apple. */
function game(snake: Cell[], direction: Direction, apple: Cell | null = { x: 0, y: 0 }, extra: Partial<GameState> = {}): GameState {
  return { ...start(createGame({ seed: 7 })), snake, direction, apple, ...extra };
}

const row = (y: number, ...xs: number[]): Cell[] => xs.map((x) => ({ x, y }));
const col = (x: number, ...ys: number[]): Cell[] => ys.map((y) => ({ x, y }));
const steps = (s: GameState, n: number) => Array.from({ length: n }).reduce<GameState>((acc) => step(acc), s);

describe("a new game", () => {
  it("is a 30 x 20 board with a snake of 6 heading right, waiting to start", () => {
    const g = createGame({ seed: 1 });
    expect([g.cols, g.rows, COLS, ROWS]).toEqual([30, 20, 30, 20]);
    expect(g.snake).toHaveLength(START_LENGTH);
    expect(START_LENGTH).toBe(6);
    expect(g.direction).toBe("right");
    expect(g.status).toBe("ready");
    expect(g.score).toBe(0);
    // contiguous, head on the right
    g.snake.forEach((c, i) => i > 0 && expect(c.x).toBe(g.snake[i - 1].x - 1));
    expect(g.snake.some((c) => sameCell(c, g.apple!))).toBe(false);
  });

  it("does not move until started", () => {
    const g = createGame({ seed: 1 });
    expect(step(g)).toBe(g);
    const moved = step(start(g));
    expect(moved.snake[0]).toEqual({ x: g.snake[0].x + 1, y: g.snake[0].y });
    expect(moved.snake).toHaveLength(6);
    expect(moved.snake.slice(1)).toEqual(g.snake.slice(0, -1));
  });

  it("is reproducible from its seed", () => {
    expect(createGame({ seed: 42 }).apple).toEqual(createGame({ seed: 42 }).apple);
    const apples = new Set(Array.from({ length: 20 }, (_, s) => JSON.stringify(createGame({ seed: s }).apple)));
    expect(apples.size).toBeGreaterThan(10);
  });
});

describe("edges wrap", () => {
  it("right edge -> column 0", () => {
    const s = step(game(row(5, 29, 28, 27), "right"));
    expect(s.status).toBe("running");
    expect(s.snake[0]).toEqual({ x: 0, y: 5 });
  });
  it("left edge -> column 29", () => {
    const s = step(game(row(5, 0, 1, 2), "left"));
    expect(s.snake[0]).toEqual({ x: 29, y: 5 });
  });
  it("top edge -> row 19", () => {
    const s = step(game(col(4, 0, 1, 2), "up"));
    expect(s.snake[0]).toEqual({ x: 4, y: 19 });
  });
  it("bottom edge -> row 0", () => {
    const s = step(game(col(4, 19, 18, 17), "down"));
    expect(s.snake[0]).toEqual({ x: 4, y: 0 });
  });
  it("keeps the body following across the seam", () => {
    const s = steps(game(row(5, 29, 28, 27), "right", { x: 15, y: 15 }), 2);
    expect(s.snake).toEqual([...row(5, 1, 0, 29)]);
  });
});

describe("self-collision", () => {
  // A hook: head at (5,5); the body runs right, down and back left under it.
  const hook = [
    { x: 5, y: 5 },
    { x: 6, y: 5 },
    { x: 6, y: 6 },
    { x: 5, y: 6 },
    { x: 4, y: 6 },
    { x: 3, y: 6 },
    { x: 2, y: 6 },
  ];

  it("ends the game when the head hits the body", () => {
    const s = step(game(hook, "left", { x: 20, y: 20 }));
    const over = step(turn(s, "down")); // head (4,5) -> (4,6): body
    expect(over.status).toBe("over");
    expect(step(turn(game(hook, "left"), "down")).status).toBe("over"); // (5,5) -> (5,6)
  });

  it("leaves the snake where it was and ignores further steps and turns", () => {
    const before = game(hook, "down");
    const over = step(before);
    expect(over.status).toBe("over");
    expect(over.snake).toEqual(before.snake);
    expect(step(over)).toBe(over);
    expect(turn(over, "left")).toBe(over);
  });

  it("lets the head take the cell the tail leaves in the same move", () => {
    // a 2x2 loop: head (1,0) heading down into (1,1); tail at (1,1) moves away
    const ring = [
      { x: 1, y: 0 },
      { x: 0, y: 0 },
      { x: 0, y: 1 },
      { x: 1, y: 1 },
    ];
    const s = step(game(ring, "down", { x: 10, y: 10 }));
    expect(s.status).toBe("running");
    expect(s.snake[0]).toEqual({ x: 1, y: 1 });
  });

  it("brushing past the body is not a collision", () => {
    const s = step(game(hook, "left", { x: 20, y: 20 }));
    expect(s.status).toBe("running");
    expect(s.snake[0]).toEqual({ x: 4, y: 5 });
  });
});

describe("growth", () => {
  it("eating an apple adds one segment (the tail stays) and one point", () => {
    const before = game(row(3, 10, 9, 8, 7, 6, 5), "right", { x: 11, y: 3 });
    const s = step(before);
    expect(s.score).toBe(1);
    expect(s.snake).toHaveLength(7);
    expect(s.snake[0]).toEqual({ x: 11, y: 3 });
    expect(s.snake[6]).toEqual({ x: 5, y: 3 });
    expect(s.apple).not.toBeNull();
    expect(s.snake.some((c) => sameCell(c, s.apple!))).toBe(false);
    const next = step({ ...s, apple: { x: 0, y: 0 } });
    expect(next.snake).toHaveLength(7);
  });

  it("filling the board wins with the maximum score", () => {
    // 3 x 2 board, snake of 2 that has eaten 3 apples: one free cell left, with the apple on it
    const snake = [
      { x: 1, y: 1 },
      { x: 0, y: 1 },
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 2, y: 0 },
    ];
    const s = step({
      ...start(createGame({ cols: 3, rows: 2, startLength: 2 })),
      snake,
      direction: "right",
      apple: { x: 2, y: 1 },
      score: 3,
    });
    expect(s.status).toBe("won");
    expect(s.apple).toBeNull();
    expect(s.score).toBe(3 * 2 - 2);
    expect(MAX_SCORE).toBe(30 * 20 - 6);
    expect(MAX_SCORE).toBe(594);
  });
});

describe("speed curve", () => {
  it("starts at 100 ms, drops 1 ms per apple and never goes below 25 ms", () => {
    expect(tickInterval(0)).toBe(100);
    expect(tickInterval(1)).toBe(99);
    expect(tickInterval(30)).toBe(70);
    expect(tickInterval(75)).toBe(25);
    expect(tickInterval(76)).toBe(25);
    expect(tickInterval(MAX_SCORE)).toBe(25);
  });
});

describe("apple placement", () => {
  it("never puts the apple on the snake", () => {
    for (let seed = 0; seed < 300; seed++) {
      // a snake covering most of a small board
      const snake = Array.from({ length: 10 }, (_, i) => ({ x: i % 4, y: Math.floor(i / 4) }));
      const [apple] = placeApple(snake, 4, 3, seed);
      expect(apple).not.toBeNull();
      expect(snake.some((c) => sameCell(c, apple!))).toBe(false);
    }
  });

  it("finds the only free cell, and none on a full board", () => {
    const all = Array.from({ length: 6 }, (_, i) => ({ x: i % 3, y: Math.floor(i / 3) }));
    expect(placeApple(all.slice(1), 3, 2, 99)[0]).toEqual({ x: 0, y: 0 });
    expect(placeApple(all, 3, 2, 99)[0]).toBeNull();
  });

  it("keeps every apple of a long seeded game off the snake", () => {
    let s = start(createGame({ seed: 3 }));
    // steer straight at each apple: along x, then along y (the wrap makes any path short)
    for (let i = 0; i < 4000 && s.status === "running" && s.score < 40; i++) {
      const head = s.snake[0];
      const want: Direction = head.x !== s.apple!.x ? "right" : "down";
      s = step(turn(s, want));
      if (s.apple) expect(s.snake.some((c) => sameCell(c, s.apple!))).toBe(false);
    }
    expect(s.score).toBeGreaterThan(5);
  });
});

describe("input queue", () => {
  const base = () => game(row(10, 10, 9, 8, 7, 6, 5), "right", { x: 0, y: 0 });

  it("ignores a reversal into the neck", () => {
    const s = turn(base(), "left");
    expect(s.queue).toEqual([]);
    expect(step(s).snake[0]).toEqual({ x: 11, y: 10 });
    expect(step(s).status).toBe("running");
  });

  it("honours two quick presses within one tick, in order", () => {
    // heading right: up then left before the next tick is a U-turn over two ticks
    const s = turn(turn(base(), "up"), "left");
    expect(s.queue).toEqual(["up", "left"]);
    const a = step(s);
    expect(a.snake[0]).toEqual({ x: 10, y: 9 });
    expect(a.direction).toBe("up");
    const b = step(a);
    expect(b.snake[0]).toEqual({ x: 9, y: 9 });
    expect(b.direction).toBe("left");
    expect(b.status).toBe("running");
    expect(step(b).snake[0]).toEqual({ x: 8, y: 9 });
  });

  it("judges a reversal against the last queued turn", () => {
    const s = turn(turn(base(), "up"), "down");
    expect(s.queue).toEqual(["up"]);
  });

  it("ignores repeats of the current or last queued direction", () => {
    expect(turn(base(), "right").queue).toEqual([]);
    expect(turn(turn(base(), "down"), "down").queue).toEqual(["down"]);
  });

  it(`keeps at most ${MAX_QUEUED_TURNS} turns`, () => {
    let s = base();
    for (const d of ["up", "left", "down", "right", "up"] as Direction[]) s = turn(s, d);
    expect(s.queue).toEqual(["up", "left", "down"]);
  });

  it("takes one turn per tick", () => {
    let s = turn(turn(turn(base(), "down"), "left"), "down");
    const heads: Cell[] = [];
    for (let i = 0; i < 3; i++) {
      s = step(s);
      heads.push(s.snake[0]);
    }
    expect(heads).toEqual([
      { x: 10, y: 11 },
      { x: 9, y: 11 },
      { x: 9, y: 12 },
    ]);
  });
});

describe("stop", () => {
  it("forces game over from running or ready, keeping the score", () => {
    const s = stop({ ...base2(), score: 4 });
    expect(s.status).toBe("over");
    expect(s.score).toBe(4);
    expect(stop(createGame()).status).toBe("over");
    expect(step(s)).toBe(s);
  });
  const base2 = () => start(createGame({ seed: 5 }));
});
