import { avatarSvg } from "../../../../common/avatar.js";

/**
 * A demo student's picture: their initials as real text (the system font) on a gradient
 * picked from the name, as SVG, sharp at every size. The same drawing the web app shows for
 * a student without a picture (common/avatar.ts).
 */
export function renderAvatar(name: string): Buffer {
  return Buffer.from(avatarSvg(name), "utf8");
}
