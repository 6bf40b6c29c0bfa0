import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// findBy*/waitFor wait for an outcome, not a duration: a loaded 2-core CI machine needs more than the 1 s default.
configure({ asyncUtilTimeout: 10_000 });

// jsdom does not implement scrolling; the router's ScrollRestoration calls it on every navigation.
window.scrollTo = () => {};

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// jsdom has no user-agent stylesheet, so every element's computed display is "" and Testing Library's accessible
// names put a space around each one: "Lift <span>Bala</span>'s suspension" would read "Lift Bala 's suspension".
// The browser's defaults for the inline elements our sentences use.
const inline = document.createElement("style");
inline.textContent = "span, bdi, a, strong, em, b, i, small, code, kbd, abbr, time { display: inline; }";
document.head.append(inline);
