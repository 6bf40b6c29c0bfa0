import { vi } from "vitest";

/**
 * jsdom has no matchMedia: answers each media query with `matches(query)` until `vi.unstubAllGlobals()` (a test's
 * screen: its width, its pointer).
 */
export function stubMedia(matches: (query: string) => boolean): void {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: matches(query),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}
