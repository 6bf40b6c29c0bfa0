import "../styles/index.css";
import { PAGE_STATE_ID } from "../../../common/pages";
import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { registerServiceWorker } from "../lib/pwa";
import { RouterProvider } from "react-router/dom";
import { getToken, pageTokenCookie, RenderedTokenContext, syncPageTokenCookie } from "../lib/auth";
import type { SignedInState } from "./prerender";
import { AppProvider } from "./provider";
import { createAppRouter, loadRouteModules } from "./router";

const container = document.getElementById("root")!;

/** What a page the server rendered with the student's data carries for its hydration (graph/src/server/static.ts). */
function renderedState(): SignedInState | null {
  const json = document.getElementById(PAGE_STATE_ID)?.textContent;
  if (!json) return null;
  try {
    return JSON.parse(json) as SignedInState;
  } catch {
    return null;
  }
}

type AppRouter = ReturnType<typeof createAppRouter>;

/** `renderedToken`: the token a server-rendered page was rendered with, which its hydration repeats. */
const app = (router: AppRouter = createAppRouter(), renderedToken: string | null = null) => (
  <RenderedTokenContext value={renderedToken}>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </RenderedTokenContext>
);

/** Lets the browser run other work (input, paint) between the steps of a hydration, each a task of its own. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// A page the server sent rendered is hydrated: its route modules load first, so the first render is
// the markup already on screen. Those are the static pages (landing, about, sign-in:
// scripts/prerender.mjs) and the signed-in dashboard (graph/src/server/page-render.ts), which also
// brings the data it was rendered from: Apollo Client's cache starts from it, and the student it was
// rendered for must be the one signed in here (the page's cookie and this tab's token agree; when
// not, as after clearing the site's storage but not its cookies, the page is rendered afresh).
// Every other page replaces what the root holds (the server's loading screen, or nothing in the
// service worker's offline shell), as does a prerendered one whose modules failed to load (the
// router then shows its error).
// (No top-level await here: it makes Rollup split the entry into many small chunks.)
// (React clears the root's previous children in its first commit, so nothing blinks in between.)
const render = () => startTransition(() => createRoot(container).render(app()));
const state = renderedState();
const token = getToken();
const renderedFor = state && token !== null && pageTokenCookie() === token ? token : null;
syncPageTokenCookie();
if (!container.hasAttribute("data-prerendered") || (state && !renderedFor)) render();
else {
  // Each step in a task of its own, and the hydration in a transition, which React renders in
  // slices: a phone's main thread is never blocked for the whole of it at once.
  const hydrate = async () => {
    await loadRouteModules(window.location);
    if (state) {
      const { apolloClient } = await import("../lib/apollo-client");
      await nextTask();
      apolloClient.restore(state.apollo);
    }
    await nextTask();
    const router = createAppRouter(state ? { loaderData: state.loaderData } : undefined);
    await nextTask();
    startTransition(() => void hydrateRoot(container, app(router, renderedFor)));
  };
  void hydrate().catch(render);
}

// The installable app: the service worker registers after the load event (never before first paint).
registerServiceWorker();
