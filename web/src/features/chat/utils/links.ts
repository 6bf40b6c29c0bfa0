/** A run of a message's text: plain, or a web address to open. */
export type TextPart = { text: string; href?: undefined } | { text: string; href: string };

// http(s) addresses and bare www. ones; nothing else (no javascript:, data:, mailto: or tel:). An
// address ends at a bidirectional control character, which could make it read as another address.
const ADDRESS = /\b(?:https?:\/\/|www\.)[^\s<>"'`\u200e\u200f\u202a-\u202e\u2066-\u2069]+/gi;
// Punctuation that ends a sentence rather than the address ("see https://x.org/a." or "(www.x.org)").
const TRAILING = /[.,;:!?'"\])}>]+$/;

/** Cuts punctuation that follows an address, keeping a closing bracket the address itself opened. */
function trimAddress(candidate: string): string {
  let address = candidate;
  for (;;) {
    const tail = TRAILING.exec(address);
    if (!tail) return address;
    const last = address.at(-1)!;
    const open = { ")": "(", "]": "[", "}": "{" }[last];
    if (open && address.split(open).length > address.split(last).length - 1) return address;
    address = address.slice(0, -1);
  }
}

/**
 * Splits a chat message into plain text and web addresses, so the addresses can be links: only
 * http and https (a bare www. address opens over https); everything else stays text.
 */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const address = trimAddress(match[0]);
    const start = match.index;
    // Part of a mail address (bob@www.example.org) or of a longer word: not an address of its own.
    if (start > 0 && /[@.\w-]/.test(text[start - 1]!)) continue;
    if (!/[a-z0-9]\.[a-z]/i.test(address.replace(/^https?:\/\//i, "").split("/")[0] ?? "") && !/^https?:\/\/localhost\b/i.test(address))
      continue;
    if (start > at) parts.push({ text: text.slice(at, start) });
    parts.push({ text: address, href: /^www\./i.test(address) ? `https://${address}` : address });
    at = start + address.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}
