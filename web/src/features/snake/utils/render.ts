/**
 * Draws one frame of the game on a 2D canvas. Between two moves the snake is drawn part of
 * the way (`alpha`) from the previous state to the current one, so it glides at the display's
 * frame rate instead of jumping once per tick.
 */
import type { Cell, Direction, GameState } from "../engine/snake";

export interface Palette {
  board: string;
  boardAlt: string;
  snake: string;
  snakeHead: string;
  dead: string;
  apple: string;
  leaf: string;
  eye: string;
}

const FALLBACK: Palette = {
  board: "#f6f7f9",
  boardAlt: "#eef0f4",
  snake: "#6d5cf6",
  snakeHead: "#4b36cc",
  dead: "#a2a9b8",
  apple: "#dc2f45",
  leaf: "#14915a",
  eye: "#ffffff",
};

/** Colours from the design tokens, so the board follows the theme. */
export function readPalette(el: Element): Palette {
  const css = getComputedStyle(el);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    board: v("--color-gray-50", FALLBACK.board),
    boardAlt: v("--color-gray-100", FALLBACK.boardAlt),
    snake: v("--color-accent-500", FALLBACK.snake),
    snakeHead: v("--color-accent-700", FALLBACK.snakeHead),
    dead: v("--color-gray-400", FALLBACK.dead),
    apple: v("--color-danger", FALLBACK.apple),
    leaf: v("--color-success", FALLBACK.leaf),
    eye: v("--color-gray-0", FALLBACK.eye),
  };
}

interface Point {
  x: number;
  y: number;
}

const lerp = (a: Cell, b: Cell, t: number, cols: number, rows: number): Point => {
  const d = wrappedDelta(a, b, cols, rows);
  return { x: a.x + d.x * t, y: a.y + d.y * t };
};

/** b - a, the short way round the wrapping edges. */
function wrappedDelta(a: Point, b: Point, cols: number, rows: number): Point {
  let dx = b.x - a.x;
  let dy = b.y - a.y;
  if (dx > cols / 2) dx -= cols;
  if (dx < -cols / 2) dx += cols;
  if (dy > rows / 2) dy -= rows;
  if (dy < -rows / 2) dy += rows;
  return { x: dx, y: dy };
}

/**
 * The snake's centre line at `alpha` between `prev` and `cur`: the head slides out of the
 * previous head cell, the tail slides into the next-to-last cell; cells between are fixed.
 */
export function snakePath(prev: GameState, cur: GameState, alpha: number): Point[] {
  const s = cur.snake;
  if (prev === cur || alpha >= 1 || s.length < 2) return s.map((c) => ({ ...c }));
  const prevTail = prev.snake[prev.snake.length - 1];
  return [lerp(s[1], s[0], alpha, cur.cols, cur.rows), ...s.slice(1), lerp(prevTail, s[s.length - 1], alpha, cur.cols, cur.rows)];
}

export interface FrameInput {
  prev: GameState;
  cur: GameState;
  alpha: number;
  /** CSS pixels per cell. */
  cell: number;
  palette: Palette;
}

export function drawFrame(ctx: CanvasRenderingContext2D, { prev, cur, alpha, cell, palette }: FrameInput): void {
  const { cols, rows } = cur;
  const width = cols * cell;
  const height = rows * cell;
  ctx.clearRect(0, 0, width, height);

  ctx.fillStyle = palette.board;
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = palette.boardAlt;
  for (let y = 0; y < rows; y++) {
    for (let x = (y % 2) ^ 1; x < cols; x += 2) ctx.fillRect(x * cell, y * cell, cell, cell);
  }

  if (cur.apple) drawApple(ctx, cur.apple, cell, palette);

  const dead = cur.status === "over";
  const path = snakePath(prev, cur, cur.status === "running" ? alpha : 1);
  const bodyColour = dead ? palette.dead : palette.snake;

  ctx.lineCap = "round";
  ctx.lineJoin = "round";
  ctx.strokeStyle = bodyColour;
  ctx.lineWidth = cell * 0.74;
  // Drawn three times across each wrapping axis so a body crossing an edge shows on both sides.
  for (const ox of [-cols, 0, cols]) {
    for (const oy of [-rows, 0, rows]) {
      ctx.beginPath();
      let p = path[0];
      ctx.moveTo((p.x + ox + 0.5) * cell, (p.y + oy + 0.5) * cell);
      for (let i = 1; i < path.length; i++) {
        const d = wrappedDelta(p, path[i], cols, rows);
        const next = { x: p.x + d.x, y: p.y + d.y };
        ctx.lineTo((next.x + ox + 0.5) * cell, (next.y + oy + 0.5) * cell);
        if (next.x !== path[i].x || next.y !== path[i].y) {
          // crossed an edge: continue from the real position on the other side
          ctx.moveTo((path[i].x + ox + 0.5) * cell, (path[i].y + oy + 0.5) * cell);
        }
        p = path[i];
      }
      ctx.stroke();
    }
  }

  const head = path[0];
  for (const ox of [-cols, 0, cols]) {
    for (const oy of [-rows, 0, rows]) {
      const hx = head.x + ox;
      const hy = head.y + oy;
      if (hx < -1 || hx > cols || hy < -1 || hy > rows) continue;
      drawHead(ctx, hx, hy, cur.direction, cell, dead ? palette.dead : palette.snakeHead, palette.eye, dead);
    }
  }
}

function drawApple(ctx: CanvasRenderingContext2D, apple: Cell, cell: number, palette: Palette) {
  const cx = (apple.x + 0.5) * cell;
  const cy = (apple.y + 0.55) * cell;
  ctx.fillStyle = palette.apple;
  ctx.beginPath();
  ctx.arc(cx, cy, cell * 0.36, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = palette.leaf;
  ctx.beginPath();
  ctx.ellipse(cx + cell * 0.12, cy - cell * 0.36, cell * 0.14, cell * 0.07, -Math.PI / 5, 0, Math.PI * 2);
  ctx.fill();
}

const FACING: Record<Direction, Point> = { up: { x: 0, y: -1 }, down: { x: 0, y: 1 }, left: { x: -1, y: 0 }, right: { x: 1, y: 0 } };

function drawHead(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  direction: Direction,
  cell: number,
  colour: string,
  eye: string,
  dead: boolean,
) {
  const cx = (x + 0.5) * cell;
  const cy = (y + 0.5) * cell;
  ctx.fillStyle = colour;
  ctx.beginPath();
  ctx.arc(cx, cy, cell * 0.46, 0, Math.PI * 2);
  ctx.fill();
  if (cell < 8) return;
  const f = FACING[direction];
  const side = { x: -f.y, y: f.x };
  for (const s of [-1, 1]) {
    const ex = cx + f.x * cell * 0.14 + side.x * s * cell * 0.2;
    const ey = cy + f.y * cell * 0.14 + side.y * s * cell * 0.2;
    if (dead) {
      ctx.strokeStyle = eye;
      ctx.lineWidth = Math.max(1, cell * 0.07);
      const r = cell * 0.08;
      ctx.beginPath();
      ctx.moveTo(ex - r, ey - r);
      ctx.lineTo(ex + r, ey + r);
      ctx.moveTo(ex + r, ey - r);
      ctx.lineTo(ex - r, ey + r);
      ctx.stroke();
    } else {
      ctx.fillStyle = eye;
      ctx.beginPath();
      ctx.arc(ex, ey, cell * 0.1, 0, Math.PI * 2);
      ctx.fill();
    }
  }
}
