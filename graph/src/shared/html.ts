/** For the HTML the server writes itself (mails, the leaderboard embed, the unsubscribe page, the page shell). */

/** Text made safe for HTML content and quoted attribute values. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The brand mark (web/public/favicon.svg) as inline SVG, for pages that load no other file. `size` in CSS px. */
export const brandMarkSvg = (size: number) =>
  `<svg width="${size}" height="${size}" viewBox="0 0 32 32" aria-hidden="true" focusable="false"><defs><linearGradient id="lg" x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse">` +
  '<stop offset="0" stop-color="#6d5cf6"/><stop offset=".55" stop-color="#8f5cf6"/><stop offset="1" stop-color="#d356c9"/></linearGradient></defs>' +
  '<rect width="32" height="32" rx="9" fill="url(#lg)"/><path d="M10 12.5h11.5M18 9l3.5 3.5L18 16M22 19.5H10.5M14 16l-3.5 3.5L14 23" fill="none" stroke="#fff" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/></svg>';
