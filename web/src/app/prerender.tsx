import { ApolloClient, HttpLink, InMemoryCache } from "@apollo/client";
import { ApolloProvider } from "@apollo/client/react";
import { prerenderStatic } from "@apollo/client/react/ssr";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { FullScreenSpinner } from "../components/ui/Spinner";
import { directoryFilters } from "../features/profiles/hooks/use-directory-filters";
import { firstFeedPage } from "../features/profiles/hooks/use-feed";
import { UPCOMING_LESSONS_SHOWN } from "../features/lessons/components/UpcomingLessonsCard";
import { DashboardViewerDocument, FeedDocument, UpcomingLessonsDocument, VerificationStatusDocument } from "../gql/graphql";
import { RenderedTokenContext, tokenSubject } from "../lib/auth";
import { GRAPHQL_PATH } from "../lib/endpoints";
import { typePolicies } from "../lib/type-policies";
import { AppProvider } from "./provider";
import { DASHBOARD_ROUTE_ID, appRoutes } from "./router";
import { preloadDashboardRoute } from "./routes/dashboard";

/** A page's markup for `<div id="root">` and its title (React's <title>, which the page renders where it is, taken out). */
export interface RenderedPage {
  title: string | null;
  html: string;
}

/** Splits React's <title> (rendered where the page puts it) from the body markup. */
export function splitTitle(markup: string): RenderedPage {
  const match = /<title>([^<]*)<\/title>/.exec(markup);
  if (!match) return { title: null, html: markup };
  return { title: match[1], html: markup.slice(0, match.index) + markup.slice(match.index + match[0].length) };
}

/** The route tree for one request, or null when it is not a page (a redirect) or failed. */
async function staticRoute(url: string) {
  const handler = createStaticHandler(appRoutes());
  const context = await handler.query(new Request(url));
  if (context instanceof Response || context.errors) return null;
  return { context, router: createStaticRouter(handler.dataRoutes, context) };
}

/**
 * The HTML of a static page (landing, about, sign-in) as a signed-out visitor first sees it, made at
 * build time (scripts/prerender.mjs) so that the page paints before its JavaScript has run; the
 * browser then hydrates it (./main.tsx). Its routes need no loader data and no Apollo Client.
 */
export async function prerender(pathname: string): Promise<RenderedPage> {
  const route = await staticRoute(new URL(pathname, "http://localhost").href);
  if (!route) throw new Error(`prerender: ${pathname} is not a page that renders`);
  return splitTitle(
    renderToString(
      <AppProvider>
        {/* No hydration data script (the CSP allows no inline script): these routes have no loaders. */}
        <StaticRouterProvider router={route.router} context={route.context} hydrate={false} />
      </AppProvider>,
    ),
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

/** What the browser needs to hydrate a page the server rendered with a student's data (./main.tsx). */
export interface SignedInState {
  /** Apollo Client's cache as the page was rendered from it (`client.extract()`). */
  apollo: Record<string, unknown>;
  /** React Router's loader data of the matched routes (its `hydrationData.loaderData`). */
  loaderData: Record<string, unknown>;
}

/**
 * The signed-in dashboard (`/dashboard/:userId` and its filters) rendered on the server with the
 * student's data, so that a phone paints the page, not a spinner, as soon as the HTML and its
 * stylesheets arrive (graph/src/server/page-render.ts calls it). `fetch` answers the page's GraphQL
 * requests (the server's own endpoint, as the browser would reach it), each with the token.
 *
 * Null when there is nothing to render for that student: any other page, a token the server refuses,
 * an unfinished profile, another student's id in the address (the browser then sends them on, as
 * it does today), a query that did not answer, or `signal` aborted.
 */
export async function renderSignedIn({
  url,
  token,
  fetch,
  signal,
}: {
  url: string;
  token: string;
  fetch: typeof globalThis.fetch;
  /** Gives up (null) when it aborts. */
  signal?: AbortSignal;
}): Promise<(RenderedPage & { state: SignedInState }) | null> {
  const route = await staticRoute(url);
  const page = route?.context.matches.at(-1);
  if (!route || page?.route.id !== DASHBOARD_ROUTE_ID) return null;
  // Another student's dashboard (a shared link): the page only sends this student to their own, which
  // the browser does; no render (React's <Navigate> does not belong in a server render).
  if (tokenSubject(token) !== page.params.userId) return null;
  const client = new ApolloClient({
    ssrMode: true,
    link: new HttpLink({ uri: new URL(GRAPHQL_PATH, url).href, fetch, headers: { authorization: `Bearer ${token}` } }),
    cache: new InMemoryCache({ typePolicies }),
  });
  // The queries the route's loader starts in the browser, all at once; the render then finds them.
  preloadDashboardRoute(client, new URL(url).searchParams);
  const tree: ReactNode = (
    <RenderedTokenContext value={token}>
      <ApolloProvider client={client}>
        <AppProvider>
          <StaticRouterProvider router={route.router} context={route.context} hydrate={false} />
        </AppProvider>
      </ApolloProvider>
    </RenderedTokenContext>
  );
  const { result, aborted } = await prerenderStatic({ tree, renderFunction: renderToString, maxRerenders: 5, signal });
  if (aborted) return null;
  const me = client.readQuery({ query: DashboardViewerDocument })?.me;
  if (!me || me.id !== page.params.userId || !me.detailsFilled) return null;
  // The browser shows the page once these are in its cache: without one, it would hydrate a spinner
  // over the page. Upcoming lessons show times in the student's own time zone, which only the
  // browser knows: a student with lessons to show gets the page rendered there.
  const feed = client.readQuery({ query: FeedDocument, variables: firstFeedPage(directoryFilters(new URL(url).searchParams)) });
  const verification = client.readQuery({ query: VerificationStatusDocument });
  const lessons = client.readQuery({ query: UpcomingLessonsDocument, variables: { first: UPCOMING_LESSONS_SHOWN } });
  if (!feed || !verification || !lessons || lessons.upcomingLessons.edges.length > 0) return null;
  return { ...splitTitle(result), state: { apollo: client.extract() as Record<string, unknown>, loaderData: route.context.loaderData } };
}
