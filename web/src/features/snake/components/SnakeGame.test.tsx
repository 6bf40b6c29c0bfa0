import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { swipeDirection } from "../hooks/use-swipe";
import { stubMedia } from "../../../test/media";
import { SnakeGame } from "./SnakeGame";

/** Answers `coarse` for "(pointer: coarse)". */
const pointer = (coarse: boolean) => stubMedia((query) => coarse && query.includes("pointer: coarse"));

/** jsdom has no PointerEvent: a MouseEvent that carries the pointer's fields. */
class FakePointerEvent extends MouseEvent {
  pointerId: number;
  pointerType: string;
  isPrimary: boolean;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 1;
    this.pointerType = init.pointerType ?? "mouse";
    this.isPrimary = init.isPrimary ?? true;
  }
}

const game = () => render(<SnakeGame userId="u1" serverHighScore={0} submitHighScore={() => Promise.resolve(0)} />);
const board = () => screen.getByRole("group", { name: /^Snake/ });

describe("snake on a touch screen", () => {
  // jsdom draws nothing; the game only needs a canvas to hold its size.
  beforeEach(() => void vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(null));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("reads a swipe along its longer axis, once it is long enough", () => {
    expect(swipeDirection(40, 10)).toBe("right");
    expect(swipeDirection(-40, 30)).toBe("left");
    expect(swipeDirection(5, -30)).toBe("up");
    expect(swipeDirection(-12, 50)).toBe("down");
    expect(swipeDirection(10, 12)).toBeNull();
  });

  it("starts and steers the game with swipes on the board", () => {
    pointer(true);
    vi.stubGlobal("PointerEvent", FakePointerEvent);
    game();
    expect(board().dataset.status).toBe("ready");
    fireEvent.pointerDown(board(), { pointerId: 1, pointerType: "touch", isPrimary: true, clientX: 100, clientY: 100 });
    fireEvent.pointerMove(board(), { pointerId: 1, pointerType: "touch", isPrimary: true, clientX: 100, clientY: 60 });
    fireEvent.pointerUp(board(), { pointerId: 1, pointerType: "touch", isPrimary: true, clientX: 100, clientY: 60 });
    expect(board().dataset.status).toBe("running");
  });

  it("speaks of swiping on touch screens and of keys elsewhere", () => {
    pointer(true);
    const { unmount } = game();
    expect(screen.getByText("Swipe on the board or tap an arrow to start.")).toBeTruthy();
    expect(screen.queryByText(/arrow key/)).toBeNull();
    unmount();
    pointer(false);
    game();
    expect(screen.getByText("Press an arrow key or W A S D to start.")).toBeTruthy();
    expect(screen.queryByText(/Swipe/)).toBeNull();
  });
});
