import { COLS, ROWS } from "../engine/snake";

/** Below this viewport width (the md breakpoint) the board takes the full width instead. */
export const NARROW_MAX_WIDTH = 768;
/** On wide screens 40% of a narrow parent would give tiny cells: never less than 12 px a cell. */
export const MIN_WIDE_BOARD = COLS * 12;

/**
 * A phone turned sideways (SnakeGame.module.css, `SIDEWAYS_PHONE`) lays the arrows (184 px) and the
 * scores beside the board: the room they take from the parent's width.
 */
export const BESIDE_BOARD = 360;
export const SIDEWAYS_PHONE = "(orientation: landscape) and (max-height: 520px) and (pointer: coarse)";

const multipleOfCols = (px: number) => Math.max(0, Math.floor(px / COLS) * COLS);

/**
 * The board's CSS width: about 40% of the parent's width rounded down to a multiple of 30
 * (so every cell is a whole number of pixels), with a minimum of 360 px on wide screens. At
 * the md breakpoint and below, 40% would be unplayable, so the board uses the parent's full
 * width, also capped so that the 3:2 board fits in about 60% of the viewport height; on a phone
 * turned sideways, what the arrows and the scores beside it leave.
 */
export function boardWidth(parentWidth: number, viewport: { width: number; height: number }, sideways = false): number {
  const full = multipleOfCols(sideways ? parentWidth - BESIDE_BOARD : parentWidth);
  if (viewport.width <= NARROW_MAX_WIDTH) {
    const byHeight = multipleOfCols(viewport.height * 0.6 * (COLS / ROWS));
    return Math.max(COLS * 6, Math.min(full, byHeight));
  }
  return Math.min(full, Math.max(multipleOfCols(parentWidth * 0.4), MIN_WIDE_BOARD));
}

/** 3:2, 20 rows. */
export const boardHeight = (width: number): number => (width / COLS) * ROWS;
