import { createBrowserRouter, type RouteObject } from "react-router";
import { ErrorView } from "../components/errors/ErrorView";
import { RootLayout } from "../components/layouts/RootLayout";
import { PageFallback } from "../components/layouts/PageFallback";
import { FullScreenSpinner } from "../components/ui/Spinner";

/**
 * Every page is a lazily loaded module in ./routes that exports `Component` (and, if it
 * needs them, `loader`, `action`, `ErrorBoundary`, `handle`). Adding a page is one line:
 *
 *   { path: "login", lazy: () => import("./routes/login") },
 *
 * Paths are relative (no leading slash); `:param` for route parameters.
 */
export const serverPages: RouteObject[] = [
  { path: "login", lazy: () => import("./routes/login") },
  { path: "register", lazy: () => import("./routes/register") },
  { path: "logout", lazy: () => import("./routes/logout") },
  { path: "reset-password/:newtoken", lazy: () => import("./routes/reset-password") },
  { path: "verify-email/:token", lazy: () => import("./routes/verify-email") },
  { path: "account-deleted", lazy: () => import("./routes/account-deleted") },
  // Operators only (the server refuses everyone else).
  { path: "moderation", lazy: () => import("./routes/moderation") },
  { path: "contact", lazy: () => import("./routes/contact") },
  { path: "game/:userID", lazy: () => import("./routes/game") },
  { path: ":userId/notifications", lazy: () => import("./routes/notifications") },
  { path: "settings/notifications", lazy: () => import("./routes/notification-settings") },
  // Profiles: details form, dashboard (lookup and page), someone's profile.
  { path: "p", lazy: () => import("./routes/profile-details") },
  { path: "dashboard", lazy: () => import("./routes/dashboard-lookup") },
  { path: "dashboard/:userId", lazy: () => import("./routes/dashboard") },
  { path: "user/:userID/:currentID/:gender", lazy: () => import("./routes/user-profile") },
  // Chat: the list and one conversation (by the partner's id).
  { path: "user/chat", lazy: () => import("./routes/chat-list") },
  { path: "user/chat/:chatUserID", lazy: () => import("./routes/chat") },
  // Implements: the static "create" segment outranks :postID (react-router ranks by segment).
  { path: "implements/:userID", lazy: () => import("./routes/implements-mine") },
  { path: "implements/:userID/:userName", lazy: () => import("./routes/implements-list") },
  { path: "implements/:userId/:userName/create", lazy: () => import("./routes/implements-create") },
  { path: "implements/:userID/:userName/:postID", lazy: () => import("./routes/implements-details") },
  // Skill coins (the rules and result pages are public, like the leaderboard).
  { path: "skill-coins", lazy: () => import("./routes/skill-coins") },
  { path: "skill-coins/success", lazy: () => import("./routes/skill-coins-success") },
  { path: "skill-coins/failure", lazy: () => import("./routes/skill-coins-failure") },
  { path: "skill-coins/rules", lazy: () => import("./routes/skill-coins-rules") },
  { path: "leaderboard/:currentID", lazy: () => import("./routes/leaderboard") },
];

/**
 * Pages that talk to the server sit under a layout route that provides Apollo Client
 * (./apollo-layout.tsx), loaded beside the page's own module; the static pages around them
 * load neither Apollo nor graphql.
 */
export const pages: RouteObject[] = [
  { index: true, lazy: () => import("./routes/landing") },
  { path: "about", lazy: () => import("./routes/about") },
  { id: "server", lazy: () => import("./apollo-layout"), children: serverPages },
  { path: "*", lazy: () => import("./routes/not-found") },
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
          errorElement: <ErrorView />,
          hydrateFallbackElement: <PageFallback />,
          children,
        },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}
