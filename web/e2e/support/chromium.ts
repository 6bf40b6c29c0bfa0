/**
 * The browser the suites drive (global-setup.ts launches it): Debian's chromium-headless-shell, the
 * headless-only build Playwright itself uses for headless runs, else Debian's full Chromium in its
 * headless mode. No browser download. The shell is the lighter of the two: on the browser suite here
 * it spent about 30% less CPU than the full browser for the same pages (the suite is bound by the
 * browser's CPU on two cores). CHROMIUM_PATH names another.
 */
import { existsSync } from "node:fs";

export const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium", "/usr/bin/chromium-browser"].find(existsSync) ??
  "/usr/bin/chromium";

/**
 * Debian's full Chromium, for a suite that needs what the headless shell leaves out: the shell
 * denies the notification permission whatever the context grants, so push.e2e launches this one.
 */
export const FULL_CHROMIUM =
  process.env.FULL_CHROMIUM_PATH ?? ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find(existsSync) ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
