/** Accessibility (axe-core) on every route and dialog at 1280 px: support/a11y-suite.ts. */
import { accessibilitySuite } from "./support/a11y-suite.js";
import { DESKTOP } from "./support/browser.js";

accessibilitySuite([["1280", DESKTOP]]);
