import { type ReactNode, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { Badge } from "../../../components/ui/Badge";
import { Button } from "../../../components/ui/Button";
import { RefreshIcon } from "../../../components/ui/icons";
import { COLS, type Direction, ROWS } from "../engine/snake";
import { useCoarsePointer } from "../hooks/use-coarse-pointer";
import { useSnakeGame } from "../hooks/use-snake-game";
import { useSwipe } from "../hooks/use-swipe";
import { boardWidth, SIDEWAYS_PHONE } from "../utils/board-size";
import { readLocalHighScore, saveLocalHighScore } from "../utils/local-high-score";
import { DirectionPad } from "./DirectionPad";
import styles from "./SnakeGame.module.css";

export interface SnakeGameProps {
  userId: string;
  /** The high score the server holds for this user. */
  serverHighScore: number;
  /** Sends a new best to the server; resolves with the stored high score when it answers. */
  submitHighScore: (score: number) => Promise<number | undefined>;
}

const KEYS: Record<string, Direction> = {
  ArrowUp: "up",
  ArrowDown: "down",
  ArrowLeft: "left",
  ArrowRight: "right",
  KeyW: "up",
  KeyS: "down",
  KeyA: "left",
  KeyD: "right",
};

/** Keys typed into a field, or Space on a button, keep their usual meaning. */
function isTextTarget(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));
}
function isActivatable(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && /^(BUTTON|A|SUMMARY)$/.test(el.tagName);
}

export function SnakeGame({ userId, serverHighScore, submitHighScore }: SnakeGameProps) {
  const helpId = useId();
  const parentRef = useRef<HTMLDivElement>(null);
  const boardRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [localBest, setLocalBest] = useState(() => readLocalHighScore(userId));
  const [storedBest, setStoredBest] = useState(serverHighScore);
  const [newBest, setNewBest] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const highScore = Math.max(storedBest, serverHighScore, localBest);
  const highRef = useRef(highScore);
  highRef.current = highScore;

  const submit = useCallback(
    (score: number) => {
      submitHighScore(score).then(
        (stored) => stored !== undefined && setStoredBest((s) => Math.max(s, stored)),
        () => {
          /* kept locally; sent again on the next visit */
        },
      );
    },
    [submitHighScore],
  );

  // A best kept only locally (e.g. the last submission failed offline) goes to the server.
  useEffect(() => {
    const local = readLocalHighScore(userId);
    if (local > serverHighScore) submit(local);
  }, [userId, serverHighScore, submit]);

  const game = useSnakeGame({
    onStart: () => {
      setNewBest(false);
      setAnnouncement("Game started.");
    },
    onPauseChange: (paused) => setAnnouncement(paused ? "Paused." : "Resumed."),
    onGameOver: (score, won) => {
      const best = score > highRef.current;
      if (best) {
        setLocalBest(saveLocalHighScore(userId, score));
        submit(score);
      }
      setNewBest(best);
      const head = won ? "You filled the board!" : "Game over.";
      setAnnouncement(best ? `${head} Score ${score}. New high score!` : `${head} Score ${score}. High score ${highRef.current}.`);
    },
  });
  const { state, steer, restart, stop, togglePause, resume, pause, resize } = game;
  const swipe = useSwipe(steer);
  const touch = useCoarsePointer();

  const focusBoard = () => boardRef.current?.focus({ preventScroll: true });

  // Where the arrows are shown (phones, touch screens) the whole game — scores, board and
  // arrows — must be on screen: brought into view once the board has its size, and again when
  // a game starts, if the arrows reach below the window or the scores hide under the fixed
  // header (a scroll position restored on reload can leave them there).
  // Without the arrows (a keyboard), a game that starts brings the board into view: the arrow keys play, so they cannot
  // scroll the page (a 1280 x 600 window had the board's last 50 px below it).
  const padRef = useRef<HTMLDivElement>(null);
  const bringGameIntoView = useCallback((starting: boolean) => {
    const pad = padRef.current;
    const game = parentRef.current;
    if (!pad || !game) return;
    // The root's scroll-padding-top is the header's height plus a margin: what scrollIntoView keeps clear.
    const clear = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
    if (getComputedStyle(pad).display === "none") {
      const board = boardRef.current?.getBoundingClientRect();
      if (starting && board && (board.bottom > window.innerHeight || board.top < clear))
        boardRef.current!.scrollIntoView({ block: "nearest" });
      return;
    }
    if (pad.getBoundingClientRect().bottom > window.innerHeight || game.getBoundingClientRect().top < clear)
      game.scrollIntoView({ block: "start" });
  }, []);

  // Board size: about 40% of the parent, a multiple of 30, following the window.
  useLayoutEffect(() => {
    const parent = parentRef.current;
    if (!parent) return;
    const measure = () => {
      const sideways = typeof window.matchMedia === "function" && window.matchMedia(SIDEWAYS_PHONE).matches;
      const w = boardWidth(parent.clientWidth, { width: window.innerWidth, height: window.innerHeight }, sideways);
      setWidth(w);
      resize(w);
    };
    measure();
    const observer = typeof ResizeObserver === "function" ? new ResizeObserver(measure) : null;
    observer?.observe(parent);
    window.addEventListener("resize", measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener("resize", measure);
    };
  }, [resize]);

  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || isTextTarget(e.target)) return;
      const direction = KEYS[e.code] ?? KEYS[e.key];
      if (direction) {
        e.preventDefault();
        steer(direction);
      } else if ((e.code === "Space" || e.key === " ") && !isActivatable(e.target)) {
        e.preventDefault();
        if (!e.repeat) restart();
      } else if (e.code === "KeyP" && !e.repeat) {
        togglePause();
      } else if (e.key === "Escape") {
        pause();
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [steer, restart, togglePause, pause]);

  const { status, score, paused } = state;
  const sized = width > 0;
  useEffect(() => {
    if (sized) bringGameIntoView(false);
  }, [sized, bringGameIntoView]);
  useEffect(() => {
    if (status === "running") bringGameIntoView(true);
  }, [status, bringGameIntoView]);
  const live = status === "running" || status === "ready";
  const height = (width / COLS) * ROWS;

  return (
    <div ref={parentRef} className={styles.layout}>
      <div className={styles.boardColumn}>
        <div
          ref={boardRef}
          className={styles.board}
          style={{ width: width || undefined, height: height || undefined }}
          tabIndex={0}
          role="group"
          aria-roledescription="game board"
          aria-label={`Snake, ${COLS} by ${ROWS}`}
          aria-describedby={helpId}
          data-status={paused ? "paused" : status}
          {...swipe}
        >
          <canvas ref={game.canvasRef} className={styles.canvas} aria-hidden="true" />
          {status === "ready" && (
            <Overlay
              title="Ready?"
              text={touch ? "Swipe on the board or tap an arrow to start." : "Press an arrow key or W A S D to start."}
            >
              <Button size="sm" onClick={() => (steer("right"), focusBoard())}>
                Start
              </Button>
            </Overlay>
          )}
          {status === "running" && paused && (
            <Overlay title="Paused" text={touch ? "Swipe or tap an arrow to carry on." : "Press P or an arrow key to carry on."}>
              <Button size="sm" onClick={() => (resume(), focusBoard())}>
                Resume
              </Button>
            </Overlay>
          )}
          {(status === "over" || status === "won") && (
            <Overlay title={status === "won" ? "You filled the board!" : "Game over"} text={`Score ${score}`}>
              {newBest && <Badge tone="success">New high score!</Badge>}
              <Button size="sm" startIcon={<RefreshIcon size={16} />} onClick={() => (restart(), focusBoard())}>
                Play again
              </Button>
              {!touch && <span className={styles.hint}>or press Space</span>}
            </Overlay>
          )}
        </div>
        <DirectionPad ref={padRef} onSteer={steer} />
      </div>

      <aside className={styles.panel} aria-label="Score and controls">
        <dl className={styles.scores}>
          <div className={styles.scoreBox}>
            <dt>Score</dt>
            <dd data-testid="snake-score">{score}</dd>
          </div>
          <div className={styles.scoreBox}>
            <dt>High score</dt>
            <dd data-testid="snake-high-score">{highScore}</dd>
          </div>
        </dl>
        <div className={styles.actions}>
          <Button variant="danger" onClick={() => (stop(), focusBoard())} disabled={!live}>
            Stop
          </Button>
          <Button variant="secondary" onClick={() => (togglePause(), focusBoard())} disabled={status !== "running"}>
            {paused ? "Resume" : "Pause"}
          </Button>
          <Button variant="secondary" onClick={() => (restart(), focusBoard())} startIcon={<RefreshIcon size={16} />}>
            Restart
          </Button>
        </div>
        <div id={helpId} className={styles.help}>
          <p className={styles.helpTitle}>How to play</p>
          <ul role="list">
            {touch ? (
              <li>Swipe on the board, or tap the arrows below it, to steer</li>
            ) : (
              <>
                <li>
                  <kbd>←</kbd> <kbd>↑</kbd> <kbd>→</kbd> <kbd>↓</kbd> or <kbd>W</kbd> <kbd>A</kbd> <kbd>S</kbd> <kbd>D</kbd> steer
                </li>
                <li>
                  <kbd>Space</kbd> restarts, <kbd>P</kbd> pauses
                </li>
              </>
            )}
            <li>Edges wrap around; only biting yourself ends the game.</li>
            <li>Each apple is a point and makes the snake faster.</li>
          </ul>
        </div>
      </aside>

      <p role="status" aria-live="polite" aria-atomic="true" className="visually-hidden">
        {announcement}
      </p>
    </div>
  );
}

function Overlay({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <div className={styles.overlay}>
      <div className={styles.overlayCard}>
        <p className={styles.overlayTitle}>{title}</p>
        <p className={styles.overlayText}>{text}</p>
        {children}
      </div>
    </div>
  );
}
