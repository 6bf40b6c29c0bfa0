import { createBrowserRouter, type RouteObject } from "react-router";
import { ErrorView } from "../components/errors/ErrorView";
import { RootLayout } from "../components/layouts/RootLayout";
import { PageFallback } from "../components/layouts/PageFallback";
import { FullScreenSpinner } from "../components/ui/Spinner";

/**
 * Every page is a lazily loaded module in ./routes that exports `Component` (and, if it
 * needs them, `loader`, `action`, `ErrorBoundary`, `handle`). Adding a page is one line:
 *
 *
 * Paths are relative (no leading slash); `:param` for route parameters.
 */
export const pages: RouteObject[] = [
  { index: true, lazy: () => import("./routes/landing") },
  { path: "about", lazy: () => import("./routes/about") },
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
