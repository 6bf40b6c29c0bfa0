import type { MouseEvent, PointerEvent, Ref } from "react";
import { ArrowRightIcon } from "../../../components/ui/icons";
import type { Direction } from "../engine/snake";
import styles from "./SnakeGame.module.css";

const PADS: Array<{ direction: Direction; label: string; rotate: number }> = [
  { direction: "up", label: "Up", rotate: -90 },
  { direction: "left", label: "Left", rotate: 180 },
  { direction: "right", label: "Right", rotate: 0 },
  { direction: "down", label: "Down", rotate: 90 },
];

/** On-screen arrows for touch screens (shown below md or on coarse pointers). */
export function DirectionPad({ onSteer, ref }: { onSteer: (d: Direction) => void; ref?: Ref<HTMLDivElement> }) {
  return (
    <div ref={ref} className={styles.pad} role="group" aria-label="Steer">
      {PADS.map(({ direction, label, rotate }) => (
        <button
          key={direction}
          type="button"
          className={styles[`pad-${direction}`]}
          aria-label={label}
          // React on touch-down, not on release: a game cannot wait for click.
          onPointerDown={(e: PointerEvent) => {
            e.preventDefault();
            onSteer(direction);
          }}
          // Keyboard activation (Enter/Space on the focused button) arrives as a click with detail 0.
          onClick={(e: MouseEvent) => e.detail === 0 && onSteer(direction)}
        >
          <ArrowRightIcon size={22} style={{ transform: `rotate(${rotate}deg)` }} />
        </button>
      ))}
    </div>
  );
}
