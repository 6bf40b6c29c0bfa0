/**
 * The rules of snake, as pure functions over an immutable state: no DOM, no timers, no
 * Math.random. The page owns time (it calls `step` every `tickInterval(score)` ms) and input
 * (it calls `turn`), so every rule here is testable by stepping by hand.
 */
import { nextRandom } from "./random";

export const COLS = 30;
export const ROWS = 20;
export const START_LENGTH = 6;
export const BASE_TICK_MS = 100;
export const MIN_TICK_MS = 25;
/** Turns pressed faster than the snake moves wait here; more than this are dropped. */
export const MAX_QUEUED_TURNS = 3;
/**
 * The score is the number of apples eaten. The snake grows by one per apple until it fills
 * the board, so 30 x 20 - 6 = 594 is the most a game can score (the server refuses more).
 */
export const MAX_SCORE = COLS * ROWS - START_LENGTH;

export type Direction = "up" | "down" | "left" | "right";
export type Status = "ready" | "running" | "over" | "won";

export interface Cell {
  readonly x: number;
  readonly y: number;
}

export interface GameState {
  readonly cols: number;
  readonly rows: number;
  /** Head first. */
  readonly snake: readonly Cell[];
  /** The direction of the last move (the way the head points). */
  readonly direction: Direction;
  /** Turns waiting for the next ticks, oldest first. */
  readonly queue: readonly Direction[];
  /** Null only when the snake fills the board. */
  readonly apple: Cell | null;
  readonly score: number;
  readonly status: Status;
  /** The PRNG state: the same seed and inputs always give the same game. */
  readonly seed: number;
  readonly ticks: number;
}

export interface GameOptions {
  seed?: number;
  cols?: number;
  rows?: number;
  startLength?: number;
}

const VECTORS: Record<Direction, Cell> = {
  up: { x: 0, y: -1 },
  down: { x: 0, y: 1 },
  left: { x: -1, y: 0 },
  right: { x: 1, y: 0 },
};

const OPPOSITE: Record<Direction, Direction> = { up: "down", down: "up", left: "right", right: "left" };

export const isOpposite = (a: Direction, b: Direction): boolean => OPPOSITE[a] === b;

export const sameCell = (a: Cell, b: Cell): boolean => a.x === b.x && a.y === b.y;

/** The neighbouring cell, wrapping around all four edges. */
export function nextCell(cell: Cell, direction: Direction, cols: number, rows: number): Cell {
  const v = VECTORS[direction];
  return { x: (cell.x + v.x + cols) % cols, y: (cell.y + v.y + rows) % rows };
}

/** Milliseconds per move: 100 at the start, 1 less per apple, never below 25. */
export function tickInterval(score: number): number {
  return Math.max(MIN_TICK_MS, BASE_TICK_MS - score);
}

/** A new game, waiting for `start`: a horizontal snake in the middle heading right. */
export function createGame(options: GameOptions = {}): GameState {
  const cols = options.cols ?? COLS;
  const rows = options.rows ?? ROWS;
  const length = options.startLength ?? START_LENGTH;
  if (length < 2 || length >= cols) throw new RangeError("the snake must fit in one row with room to move");
  const tailX = Math.floor((cols - length) / 2);
  const y = Math.floor(rows / 2);
  const snake = Array.from({ length }, (_, i) => ({ x: tailX + length - 1 - i, y }));
  const [apple, seed] = placeApple(snake, cols, rows, (options.seed ?? 1) >>> 0);
  return { cols, rows, snake, direction: "right", queue: [], apple, score: 0, status: "ready", seed, ticks: 0 };
}

/** ready -> running; anything else is unchanged. */
export function start(state: GameState): GameState {
  return state.status === "ready" ? { ...state, status: "running" } : state;
}

/**
 * Queues a turn. It is compared with the last queued turn (or the current heading), so two
 * quick presses within one tick (e.g. up then left while heading right) are both kept and
 * taken one per tick, while a reversal into the neck, or a repeat, is ignored.
 */
export function turn(state: GameState, direction: Direction): GameState {
  if (state.status === "over" || state.status === "won") return state;
  const last = state.queue.length ? state.queue[state.queue.length - 1] : state.direction;
  if (direction === last || isOpposite(direction, last) || state.queue.length >= MAX_QUEUED_TURNS) return state;
  return { ...state, queue: [...state.queue, direction] };
}

/** Forces game over (the Stop button). */
export function stop(state: GameState): GameState {
  return state.status === "ready" || state.status === "running" ? { ...state, status: "over", queue: [] } : state;
}

/** One move: take the next queued turn, move (wrapping), eat and grow, or die on the body. */
export function step(state: GameState): GameState {
  if (state.status !== "running") return state;
  const [queued, ...rest] = state.queue;
  const direction = queued && !isOpposite(queued, state.direction) ? queued : state.direction;
  const head = nextCell(state.snake[0], direction, state.cols, state.rows);
  const eats = state.apple !== null && sameCell(head, state.apple);
  // Without growth the tail leaves its cell in the same move, so the head may take it.
  const body = eats ? state.snake : state.snake.slice(0, -1);
  if (body.some((c) => sameCell(c, head))) {
    return { ...state, direction, queue: [], status: "over", ticks: state.ticks + 1 };
  }
  const snake = [head, ...body];
  if (!eats) return { ...state, snake, direction, queue: rest, ticks: state.ticks + 1 };
  const [apple, seed] = placeApple(snake, state.cols, state.rows, state.seed);
  return {
    ...state,
    snake,
    direction,
    queue: rest,
    apple,
    seed,
    score: state.score + 1,
    status: apple === null ? "won" : "running",
    ticks: state.ticks + 1,
  };
}

/** A uniformly random free cell (never on the snake), or null when the board is full. */
export function placeApple(snake: readonly Cell[], cols: number, rows: number, seed: number): [Cell | null, number] {
  const taken = new Set(snake.map((c) => c.y * cols + c.x));
  const free = cols * rows - taken.size;
  if (free <= 0) return [null, seed];
  const [r, next] = nextRandom(seed);
  let k = Math.floor(r * free);
  for (let i = 0; i < cols * rows; i++) {
    if (taken.has(i)) continue;
    if (k-- === 0) return [{ x: i % cols, y: Math.floor(i / cols) }, next];
  }
  return [null, next];
}
