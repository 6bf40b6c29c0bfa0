import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { FullScreenSpinner } from "../components/ui/Spinner";
import { AppProvider } from "./provider";
import { appRoutes } from "./router";

/**
 * The HTML of a static page (landing, about, sign-in) as a signed-out visitor first sees it, made at
 * build time (scripts/prerender.mjs) so that the page paints before its JavaScript has run; the
 * browser then hydrates it (./main.tsx). Its routes need no loader data and no Apollo Client.
 * Returns the markup for `<div id="root">` (React's hoisted <title> included; the build moves it).
 */
export async function prerender(pathname: string): Promise<string> {
  const handler = createStaticHandler(appRoutes());
  const context = await handler.query(new Request(new URL(pathname, "http://localhost")));
  if (context instanceof Response) throw new Error(`prerender: ${pathname} answered ${context.status}, not a page`);
  if (context.errors) throw new Error(`prerender: ${pathname} failed: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <AppProvider>
      {/* No hydration data script (the CSP allows no inline script): these routes have no loaders. */}
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProvider>,
  );
}

/**
 * The loading screen of every other page (the spec's full-screen spinner of a first load), shown by
 * the HTML itself until the app renders over it: a phone on a slow network sees it at once rather
 * than a blank page while the JavaScript downloads.
 */
export function prerenderLoadingShell(): string {
  return renderToString(<FullScreenSpinner />);
}
