import { type PointerEvent, useCallback, useMemo, useRef } from "react";
import type { Direction } from "../engine/snake";

/** A finger must travel this far (CSS px) before it counts as a swipe: shorter moves are taps or jitter. */
export const MIN_SWIPE_PX = 24;

/** The direction of a move of (dx, dy), along its longer axis, or null when it is shorter than `min`. */
export function swipeDirection(dx: number, dy: number, min = MIN_SWIPE_PX): Direction | null {
  if (Math.max(Math.abs(dx), Math.abs(dy)) < min) return null;
  if (Math.abs(dx) > Math.abs(dy)) return dx > 0 ? "right" : "left";
  return dy > 0 ? "down" : "up";
}

/**
 * Swipes on an element steer: pointer handlers for touch and pen (the mouse has the keys). One
 * gesture may turn several times (a hook, say right then down): after each turn the move is
 * measured again from where the finger is. The element needs `touch-action: none`, or the
 * browser takes the gesture for scrolling and cancels the pointer.
 */
export function useSwipe(onSwipe: (direction: Direction) => void, min = MIN_SWIPE_PX) {
  const origin = useRef<{ id: number; x: number; y: number } | null>(null);
  const handler = useRef(onSwipe);
  handler.current = onSwipe;

  const onPointerDown = useCallback((e: PointerEvent) => {
    if (e.pointerType === "mouse" || !e.isPrimary) return;
    origin.current = { id: e.pointerId, x: e.clientX, y: e.clientY };
  }, []);

  const onPointerMove = useCallback(
    (e: PointerEvent) => {
      const o = origin.current;
      if (!o || o.id !== e.pointerId) return;
      const direction = swipeDirection(e.clientX - o.x, e.clientY - o.y, min);
      if (!direction) return;
      origin.current = { id: o.id, x: e.clientX, y: e.clientY };
      handler.current(direction);
    },
    [min],
  );

  const end = useCallback((e: PointerEvent) => {
    if (origin.current?.id === e.pointerId) origin.current = null;
  }, []);

  return useMemo(() => ({ onPointerDown, onPointerMove, onPointerUp: end, onPointerCancel: end }), [onPointerDown, onPointerMove, end]);
}
