import { type ComponentType, lazy, Suspense } from "react";
import { Outlet } from "react-router";
import { useToken } from "../lib/auth";

// Apollo Client with the student's links: loaded only for a signed-in student. A chunk that fails to load (offline,
// a new deploy) leaves the page as it is, without them, rather than replacing it with the error page.
const SignedInNav = lazy<ComponentType>(() => import("./account-nav-standalone").catch(() => ({ default: () => null })));

/**
 * A signed-in student's links and live counts in the navbar, loaded after the page; nothing for a visitor. For the
 * pages outside ./apollo-layout.tsx, which adds them to every other page, and for a page's error, which replaces
 * that layout with the page.
 */
export function SignedInNavAfterPage() {
  const signedIn = Boolean(useToken());
  return signedIn ? (
    <Suspense fallback={null}>
      <SignedInNav />
    </Suspense>
  ) : null;
}

/**
 * Around the pages that load no Apollo Client (the landing page, about, 404): a signed-in student still gets the
 * navbar's counts and account menu (on every other page ./apollo-layout.tsx adds them), loaded after the page; a
 * visitor loads nothing more. The page the server rendered (no token there) hydrates as it was.
 */
export function StaticLayout() {
  return (
    <>
      <SignedInNavAfterPage />
      <Outlet />
    </>
  );
}
