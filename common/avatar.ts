/**
 * Generated avatars: a student's initials in the system's own sans-serif font on a gradient
 * picked from their name, as SVG, so the letters are real text, sharp at every size. The web
 * app draws it for a student without a picture (components/ui/Avatar.tsx); the demo seed stores
 * it as their picture. Plain TypeScript: no Node or DOM APIs.
 */

/** The system font stack (the web app's --font-sans without its web font). */
export const AVATAR_FONT = "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

/** Pairs of gradient colours that keep white initials readable (4.5:1 or more at their darkest end). */
const PALETTE: ReadonlyArray<readonly [string, string]> = [
  ["#6366f1", "#7c3aed"],
  ["#0284c7", "#1d4ed8"],
  ["#059669", "#047857"],
  ["#d97706", "#c2410c"],
  ["#db2777", "#be185d"],
  ["#0d9488", "#0e7490"],
  ["#8b5cf6", "#4f46e5"],
  ["#dc2626", "#b91c1c"],
  ["#16a34a", "#15803d"],
  ["#64748b", "#334155"],
];

/** Up to two capitals: the first letters of the first and last words ("?" when there are none). */
export function avatarInitials(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((w) => /^\p{L}/u.test(w));
  if (words.length === 0) return "?";
  const first = [...words[0]!][0]!;
  const last = words.length > 1 ? [...words.at(-1)!][0]! : "";
  return (first + last).toLocaleUpperCase();
}

/** FNV-1a over the UTF-16 code units: the same name always gets the same colours. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export function avatarColors(name: string): readonly [string, string] {
  return PALETTE[hash(name) % PALETTE.length]!;
}

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The avatar as a standalone SVG document (square, 100 units; it scales to any size). */
export function avatarSvg(name: string): string {
  const [from, to] = avatarColors(name);
  const letters = avatarInitials(name);
  const fontSize = [...letters].length > 1 ? 40 : 46;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="192" height="192">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="100" height="100" fill="url(#g)"/>` +
    `<text x="50" y="50" dy="0.35em" text-anchor="middle" fill="#fff" font-family="${AVATAR_FONT}" font-size="${fontSize}" font-weight="600">${escapeXml(letters)}</text>` +
    `</svg>`
  );
}
