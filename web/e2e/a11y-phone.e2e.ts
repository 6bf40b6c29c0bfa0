/** Accessibility (axe-core) on every route and dialog at 375 px: support/a11y-suite.ts. */
import { accessibilitySuite } from "./support/a11y-suite.js";
import { PHONE } from "./support/browser.js";

accessibilitySuite([["375", PHONE]]);
