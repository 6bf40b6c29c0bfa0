import "../styles/index.css";
import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { registerServiceWorker } from "../lib/pwa";
import { RouterProvider } from "react-router/dom";
import { AppProvider } from "./provider";
import { createAppRouter, loadRouteModules } from "./router";

const container = document.getElementById("root")!;
const app = () => (
  <AppProvider>
    <RouterProvider router={createAppRouter()} />
  </AppProvider>
);

// A static page the server sent prerendered (landing, about, sign-in: scripts/prerender.mjs) is
// hydrated: its route modules load first, so the first render is the markup already on screen.
// Every other page replaces what the root holds (the server's loading screen, or nothing in the
// service worker's offline shell), as does a prerendered one whose modules failed to load (the
// router then shows its error).
// (No top-level await here: it makes Rollup split the entry into many small chunks.)
// (React clears the root's previous children in its first commit, so nothing blinks in between.)
const render = () => startTransition(() => createRoot(container).render(app()));
if (container.hasAttribute("data-prerendered")) void loadRouteModules(window.location).then(() => hydrateRoot(container, app()), render);
else render();

// The installable app: the service worker registers after the load event (never before first paint).
registerServiceWorker();
