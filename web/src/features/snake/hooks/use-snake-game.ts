import { useCallback, useEffect, useRef, useState } from "react";
import { randomSeed } from "../engine/random";
import { createGame, type Direction, type GameState, type Status, start, step, stop, tickInterval, turn } from "../engine/snake";
import { drawFrame, type Palette, readPalette } from "../utils/render";

export interface SnakeView {
  status: Status;
  score: number;
  paused: boolean;
}

export interface SnakeGameOptions {
  /** Called once when a game ends (head hit the body, Stop, or a full board). */
  onGameOver?: (score: number, won: boolean) => void;
  onStart?: () => void;
  onPauseChange?: (paused: boolean) => void;
}

const view = (s: GameState, paused: boolean): SnakeView => ({ status: s.status, score: s.score, paused });

/**
 * Runs the engine against real time: one requestAnimationFrame loop while a game runs,
 * stepping the engine whenever a tick interval has elapsed and drawing every frame in
 * between. React re-renders only when the score, status or pause state change.
 */
export function useSnakeGame(options: SnakeGameOptions = {}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const game = useRef<GameState>(createGame({ seed: randomSeed() }));
  const prev = useRef<GameState>(game.current);
  const acc = useRef(0);
  const last = useRef<number | null>(null);
  const raf = useRef<number | null>(null);
  const paused = useRef(false);
  const reported = useRef(false);
  const geometry = useRef<{ width: number; dpr: number; palette: Palette | null }>({ width: 0, dpr: 1, palette: null });
  const opts = useRef(options);
  opts.current = options;
  const [state, setState] = useState<SnakeView>(() => view(game.current, false));

  const sync = useCallback(() => {
    const next = view(game.current, paused.current);
    setState((old) => (old.status === next.status && old.score === next.score && old.paused === next.paused ? old : next));
  }, []);

  const draw = useCallback((alpha: number) => {
    const canvas = canvasRef.current;
    const { width, dpr, palette } = geometry.current;
    const ctx = canvas?.getContext("2d");
    if (!canvas || !ctx || width === 0) return;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const cur = game.current;
    drawFrame(ctx, { prev: prev.current, cur, alpha, cell: width / cur.cols, palette: palette ?? readPalette(canvas) });
    // The game's position as plain data on the element, for browser tests and debugging.
    canvas.dataset.ticks = String(cur.ticks);
    canvas.dataset.head = `${cur.snake[0].x},${cur.snake[0].y}`;
    canvas.dataset.direction = cur.direction;
    canvas.dataset.apple = cur.apple ? `${cur.apple.x},${cur.apple.y}` : "";
  }, []);

  const report = useCallback(() => {
    const s = game.current;
    if (reported.current || (s.status !== "over" && s.status !== "won")) return;
    reported.current = true;
    opts.current.onGameOver?.(s.score, s.status === "won");
  }, []);

  const frame = useCallback(
    (now: number) => {
      raf.current = null;
      if (game.current.status !== "running" || paused.current) return;
      // Long gaps (a stalled tab) count as one frame, so the snake never leaps several cells.
      if (last.current !== null) acc.current += Math.min(now - last.current, 250);
      last.current = now;
      let interval = tickInterval(game.current.score);
      while (acc.current >= interval && game.current.status === "running") {
        prev.current = game.current;
        game.current = step(game.current);
        acc.current -= interval;
        interval = tickInterval(game.current.score);
      }
      if (game.current.status !== "running") {
        acc.current = 0;
        prev.current = game.current;
        draw(1);
        sync();
        report();
        return;
      }
      draw(acc.current / interval);
      sync();
      raf.current = requestAnimationFrame(frame);
    },
    [draw, report, sync],
  );

  const loop = useCallback(() => {
    if (raf.current !== null || game.current.status !== "running" || paused.current) return;
    last.current = null;
    raf.current = requestAnimationFrame(frame);
  }, [frame]);

  const halt = useCallback(() => {
    if (raf.current !== null) cancelAnimationFrame(raf.current);
    raf.current = null;
  }, []);

  const setPaused = useCallback(
    (value: boolean) => {
      if (paused.current === value) return;
      if (value && game.current.status !== "running") return;
      paused.current = value;
      if (value) halt();
      else loop();
      sync();
      opts.current.onPauseChange?.(value);
    },
    [halt, loop, sync],
  );

  const steer = useCallback(
    (direction: Direction) => {
      const s = game.current;
      if (s.status === "over" || s.status === "won") return;
      if (s.status === "ready") opts.current.onStart?.();
      game.current = turn(start(s), direction);
      if (paused.current) setPaused(false);
      loop();
      sync();
    },
    [loop, setPaused, sync],
  );

  const restart = useCallback(() => {
    halt();
    game.current = start(createGame({ seed: randomSeed() }));
    prev.current = game.current;
    acc.current = 0;
    paused.current = false;
    reported.current = false;
    opts.current.onStart?.();
    draw(1);
    loop();
    sync();
  }, [draw, halt, loop, sync]);

  const forceGameOver = useCallback(() => {
    const s = game.current;
    if (s.status !== "running" && s.status !== "ready") return;
    halt();
    game.current = stop(s);
    prev.current = game.current;
    paused.current = false;
    draw(1);
    sync();
    report();
  }, [draw, halt, report, sync]);

  /** Sets the board's CSS width; the backing store follows the device pixel ratio. */
  const resize = useCallback(
    (width: number) => {
      const canvas = canvasRef.current;
      if (!canvas) return;
      const dpr = Math.min(window.devicePixelRatio || 1, 3);
      const height = (width / game.current.cols) * game.current.rows;
      canvas.style.width = `${width}px`;
      canvas.style.height = `${height}px`;
      canvas.width = Math.round(width * dpr);
      canvas.height = Math.round(height * dpr);
      geometry.current = { width, dpr, palette: readPalette(canvas) };
      draw(1);
    },
    [draw],
  );

  // Hidden tab: pause (the player resumes by hand, so nothing happens behind their back).
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === "hidden") setPaused(true);
    };
    document.addEventListener("visibilitychange", onVisibility);
    return () => document.removeEventListener("visibilitychange", onVisibility);
  }, [setPaused]);

  useEffect(() => halt, [halt]);

  return {
    canvasRef,
    state,
    steer,
    restart,
    stop: forceGameOver,
    pause: () => setPaused(true),
    resume: () => {
      setPaused(false);
    },
    togglePause: () => setPaused(!paused.current),
    resize,
  };
}
