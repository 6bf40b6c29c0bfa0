import { createBrowserRouter, type HydrationState, matchRoutes, type RouteObject } from "react-router";
import { ErrorView } from "../components/errors/ErrorView";
import { RootLayout } from "../components/layouts/RootLayout";
import { PageFallback } from "../components/layouts/PageFallback";
import { RequireSignIn } from "../components/layouts/RequireSignIn";
import { FullScreenSpinner } from "../components/ui/Spinner";
import { routes } from "../lib/paths";
import { SignedInNavAfterPage, StaticLayout } from "./static-layout";

/**
 * Every page is a lazily loaded module in ./routes that exports `Component` (and, if it
 * needs them, `loader`, `action`, `ErrorBoundary`, `handle`). Adding a page is one line, its
 * pattern in `routes` (lib/paths.ts) beside the builder its links use:
 *
 *   { path: routes.login, lazy: () => import("./routes/login") },
 *
 * Pages under `RequireSignIn` need a token; without one the visitor goes to /register (the pages the
 * spec names) or to sign-in (`members`: the pages only students with an account reach).
 */
/**
 * Pages that talk to the server sit under a layout route that provides Apollo Client
 * (./apollo-layout.tsx), loaded beside the page's own module; the static pages around them
 * (landing, about, 404) and sign-in load neither Apollo nor graphql up front.
 */
/** The signed-in dashboard's route (the page the server may render with the student's data: ./prerender.tsx). */
export const DASHBOARD_ROUTE_ID = "dashboard";

export const pages: RouteObject[] = [
  {
    // The pages without Apollo Client: for a signed-in student, the navbar's counts and menu load after them.
    id: "static",
    Component: StaticLayout,
    children: [
      { index: true, lazy: () => import("./routes/landing") },
      { path: routes.about, lazy: () => import("./routes/about") },
      { path: "*", lazy: () => import("./routes/not-found") },
    ],
  },
  // Sign-in renders without Apollo: the form is on screen sooner, and the client loads when the
  // student starts typing (routes/login.tsx).
  { path: routes.login, lazy: () => import("./routes/login") },
  {
    id: "server",
    lazy: () => import("./apollo-layout"),
    children: [
      { path: routes.register, lazy: () => import("./routes/register") },
      { path: routes.logout, lazy: () => import("./routes/logout") },
      { path: routes.resetPassword, lazy: () => import("./routes/reset-password") },
      { path: routes.verifyEmail, lazy: () => import("./routes/verify-email") },
      { path: routes.accountDeleted, lazy: () => import("./routes/account-deleted") },
      { path: routes.contact, lazy: () => import("./routes/contact") },
      // Someone's profile: the viewer's id is in the address (currentID "undefined" goes to /register).
      { path: routes.userProfile, lazy: () => import("./routes/user-profile") },
      // Skill coins' rules and result pages are public, like the leaderboard.
      { path: routes.skillCoinsSuccess, lazy: () => import("./routes/skill-coins-success") },
      { path: routes.skillCoinsFailure, lazy: () => import("./routes/skill-coins-failure") },
      { path: routes.skillCoinsRules, lazy: () => import("./routes/skill-coins-rules") },
      { path: routes.leaderboard, lazy: () => import("./routes/leaderboard") },
      {
        // Signed out, the pages only students with an account reach (from a mail, a bookmark) go to sign-in.
        id: "members",
        element: <RequireSignIn signedOutTo="login" />,
        children: [
          // Operators only (the server refuses everyone else).
          { path: routes.moderation, lazy: () => import("./routes/moderation") },
          { path: routes.notifications, lazy: () => import("./routes/notifications") },
          { path: routes.notificationSettings, lazy: () => import("./routes/notification-settings") },
          { path: routes.apiKeys, lazy: () => import("./routes/api-keys") },
          { path: routes.implementsMine, lazy: () => import("./routes/implements-mine") },
          { path: routes.implementsList, lazy: () => import("./routes/implements-list") },
          { path: routes.implementsCreate, lazy: () => import("./routes/implements-create") },
          { path: routes.implementsDetails, lazy: () => import("./routes/implements-details") },
        ],
      },
      {
        // Signed out, the pages the spec names go to Create Account.
        id: "signed-in",
        element: <RequireSignIn />,
        children: [
          { path: routes.game, lazy: () => import("./routes/game") },
          // Profiles: details form, dashboard (lookup and page).
          { path: routes.profileDetails, lazy: () => import("./routes/profile-details") },
          { path: routes.dashboardLookup, lazy: () => import("./routes/dashboard-lookup") },
          { id: DASHBOARD_ROUTE_ID, path: routes.dashboard, lazy: () => import("./routes/dashboard") },
          // Chat: the list and one conversation (by the partner's id).
          { path: routes.chats, lazy: () => import("./routes/chat-list") },
          { path: routes.chat, lazy: () => import("./routes/chat") },
          { path: routes.skillCoins, lazy: () => import("./routes/skill-coins") },
        ],
      },
    ],
  },
];

/**
 * The route tree: the chrome (navbar, footer) around the pages. An error thrown by a page
 * renders inside the chrome; one thrown by the chrome itself renders a standalone page.
 */
export function appRoutes(children: RouteObject[] = pages): RouteObject[] {
  return [
    {
      id: "root",
      element: <RootLayout />,
      errorElement: <ErrorView fullPage />,
      hydrateFallbackElement: <FullScreenSpinner />,
      children: [
        {
          id: "pages",
          // In place of the page and its layout: a signed-in student keeps the bar's counts and menu.
          errorElement: (
            <>
              <SignedInNavAfterPage />
              <ErrorView />
            </>
          ),
          hydrateFallbackElement: <PageFallback />,
          children,
        },
      ],
    },
  ];
}

const routeTree = appRoutes();

/** `hydrationData`: the loader data of a page the server rendered (./main.tsx), so that its loaders do not run again. */
export function createAppRouter(hydrationData?: HydrationState) {
  return createBrowserRouter(routeTree, { hydrationData });
}

/**
 * Loads the lazy modules of the routes matching `location` into the route tree before the router is
 * made (React Router's way to hydrate server-rendered lazy routes): the router then starts
 * initialised, rendering the page at once instead of its fallback.
 */
export async function loadRouteModules(location: { pathname: string }): Promise<void> {
  const matches = matchRoutes(routeTree, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== "function") return;
      const module = await route.lazy();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
}
