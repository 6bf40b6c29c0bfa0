import { createHash } from "node:crypto";
import { encodePng } from "../../shared/png.js";

/** 5x7 capitals, one string of five bits per row. */
const GLYPHS: Record<string, string[]> = {
  A: ["01110", "10001", "10001", "11111", "10001", "10001", "10001"],
  B: ["11110", "10001", "10001", "11110", "10001", "10001", "11110"],
  C: ["01110", "10001", "10000", "10000", "10000", "10001", "01110"],
  D: ["11110", "10001", "10001", "10001", "10001", "10001", "11110"],
  E: ["11111", "10000", "10000", "11110", "10000", "10000", "11111"],
  F: ["11111", "10000", "10000", "11110", "10000", "10000", "10000"],
  G: ["01110", "10001", "10000", "10111", "10001", "10001", "01111"],
  H: ["10001", "10001", "10001", "11111", "10001", "10001", "10001"],
  I: ["01110", "00100", "00100", "00100", "00100", "00100", "01110"],
  J: ["00111", "00010", "00010", "00010", "00010", "10010", "01100"],
  K: ["10001", "10010", "10100", "11000", "10100", "10010", "10001"],
  L: ["10000", "10000", "10000", "10000", "10000", "10000", "11111"],
  M: ["10001", "11011", "10101", "10101", "10001", "10001", "10001"],
  N: ["10001", "10001", "11001", "10101", "10011", "10001", "10001"],
  O: ["01110", "10001", "10001", "10001", "10001", "10001", "01110"],
  P: ["11110", "10001", "10001", "11110", "10000", "10000", "10000"],
  Q: ["01110", "10001", "10001", "10001", "10101", "10010", "01101"],
  R: ["11110", "10001", "10001", "11110", "10100", "10010", "10001"],
  S: ["01111", "10000", "10000", "01110", "00001", "00001", "11110"],
  T: ["11111", "00100", "00100", "00100", "00100", "00100", "00100"],
  U: ["10001", "10001", "10001", "10001", "10001", "10001", "01110"],
  V: ["10001", "10001", "10001", "10001", "10001", "01010", "00100"],
  W: ["10001", "10001", "10001", "10101", "10101", "10101", "01010"],
  X: ["10001", "10001", "01010", "00100", "01010", "10001", "10001"],
  Y: ["10001", "10001", "01010", "00100", "00100", "00100", "00100"],
  Z: ["11111", "00001", "00010", "00100", "01000", "10000", "11111"],
};

/** Pairs of gradient colours that keep white initials readable. */
const PALETTE: Array<[[number, number, number], [number, number, number]]> = [
  [[99, 102, 241], [168, 85, 247]],
  [[14, 165, 233], [37, 99, 235]],
  [[16, 185, 129], [5, 150, 105]],
  [[245, 158, 11], [234, 88, 12]],
  [[236, 72, 153], [190, 24, 93]],
  [[20, 184, 166], [8, 145, 178]],
  [[139, 92, 246], [79, 70, 229]],
  [[239, 68, 68], [220, 38, 38]],
  [[34, 197, 94], [21, 128, 61]],
  [[100, 116, 139], [51, 65, 85]],
];

export function initialsOf(name: string): string {
  const words = name.toUpperCase().split(/\s+/).filter((w) => /^[A-Z]/.test(w));
  const letters = words.length >= 2 ? words[0][0] + words.at(-1)![0] : (words[0] ?? "?").slice(0, 2);
  return [...letters].filter((c) => GLYPHS[c]).join("") || "SX";
}

/**
 * A deterministic initials avatar: a diagonal gradient picked from the name and the
 * initials in rounded dots, anti-aliased by 4x4 supersampling. No fonts, no SVG.
 */
export function renderAvatar(name: string, size = 192): Buffer {
  const initials = initialsOf(name);
  const hash = createHash("sha256").update(name).digest();
  const [from, to] = PALETTE[hash[0] % PALETTE.length];
  const cols = initials.length * 6 - 1;
  const cell = Math.floor((size * 0.62) / cols);
  const left = Math.floor((size - cols * cell) / 2);
  const top = Math.floor((size - 7 * cell) / 2);
  const on = (cx: number, cy: number) => {
    const letter = Math.floor(cx / 6);
    const col = cx % 6;
    if (cx < 0 || letter >= initials.length || col === 5 || cy < 0 || cy > 6) return false;
    return GLYPHS[initials[letter]][cy][col] === "1";
  };
  const px = new Uint8Array(size * size * 3);
  const S = 4;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const t = (x + y) / (2 * size);
      let ink = 0;
      for (let sy = 0; sy < S; sy++) {
        for (let sx = 0; sx < S; sx++) {
          const fx = (x + (sx + 0.5) / S - left) / cell;
          const fy = (y + (sy + 0.5) / S - top) / cell;
          const cx = Math.floor(fx);
          const cy = Math.floor(fy);
          if (fx < 0 || fy < 0 || !on(cx, cy)) continue;
          // Rounded cells that touch their neighbours: strokes read as one line.
          const dx = Math.max(0, Math.abs(fx - cx - 0.5) - 0.22);
          const dy = Math.max(0, Math.abs(fy - cy - 0.5) - 0.22);
          const joinX = (fx - cx < 0.5 ? on(cx - 1, cy) : on(cx + 1, cy)) ? 0 : dx;
          const joinY = (fy - cy < 0.5 ? on(cx, cy - 1) : on(cx, cy + 1)) ? 0 : dy;
          if (joinX * joinX + joinY * joinY <= 0.28 * 0.28) ink++;
        }
      }
      const a = ink / (S * S);
      const i = (y * size + x) * 3;
      for (let c = 0; c < 3; c++) {
        const bg = from[c] + (to[c] - from[c]) * t;
        px[i + c] = Math.round(bg * (1 - a) + 255 * a);
      }
    }
  }
  return encodePng(size, size, px);
}
