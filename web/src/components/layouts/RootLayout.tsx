import { type ReactNode, useEffect, useRef } from "react";
import { type Location, Navigate, Outlet, ScrollRestoration, useLocation, useNavigation } from "react-router";
import { getToken } from "../../lib/auth";
import { clearPendingExpiry, markSessionExpired, signInPath, tokenExpired, usePendingExpiry } from "../../lib/session";
import { Footer } from "./Footer";
import { Navbar } from "./Navbar";
import { UpdatePrompt } from "./UpdatePrompt";
import styles from "./RootLayout.module.css";
import { paths } from "../../lib/paths";
import { usePhoneScreen } from "./page-handle";

export type { PageHandle } from "./page-handle";

/** The shared chrome around every page: fixed navbar, main landmark, footer. */
export function RootLayout({ children }: { children?: ReactNode }) {
  const phoneScreen = usePhoneScreen();
  return (
    <div className={phoneScreen ? `${styles.shell} ${styles.phoneScreen}` : styles.shell}>
      <a href="#main" className={styles.skip}>
        Skip to content
      </a>
      <NavigationProgress />
      <Navbar />
      <FocusOnNavigation />
      <main id="main" tabIndex={-1} className={styles.main}>
        <SessionGate>{children ?? <Outlet />}</SessionGate>
      </main>
      <Footer />
      <UpdatePrompt />
      <ScrollRestoration getKey={scrollKey} />
    </div>
  );
}

/**
 * Where the router keeps a page's scroll position. Its default, the history entry's key, is the same
 * ("default") for every entry the router did not create: each address loaded in full in this tab (typed,
 * a bookmark, a notification opening it) would open at the position the last such page was left at.
 * That entry is keyed by its address and by this load of it instead (fullLoadKey), so a reload or a
 * step back to it comes back where it was, and a new load of any address opens at its top.
 */
const scrollKey = (location: Location) =>
  location.key === "default" ? fullLoadKey(`${location.pathname}${location.search}`) : location.key;

/** This document's own entry's key, made once (its address never changes). */
let thisLoad: string | undefined;

/**
 * The address and an id of the tab's latest full load of it (sessionStorage, per tab): a new load
 * (Navigation Timing's "navigate") takes a new id, a reload or a step back ("reload", "back_forward")
 * finds the one stored.
 */
function fullLoadKey(address: string): string {
  if (thisLoad) return thisLoad;
  const slot = `sx-full-load:${address}`;
  try {
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
    let id = sessionStorage.getItem(slot);
    if (!id || navigation?.type === "navigate") sessionStorage.setItem(slot, (id = Math.random().toString(36).slice(2)));
    thisLoad = `default ${address} ${id}`;
  } catch {
    thisLoad = `default ${address}`; // storage refused: the address alone
  }
  return thisLoad;
}

/**
 * A page change puts the keyboard on the new page's main landmark, where a screen reader reads on and Tab continues,
 * when it was left behind: on the document's body (the focused control went with the old page: a form's Submit, a
 * card's link) or in the site's header (a link of the bar or of its menu, which closes and hides it). A page that
 * focused something itself (a field, in its own effect, which runs after this one) keeps it. Not on the first load:
 * the browser starts at the top.
 */
function FocusOnNavigation() {
  const { pathname } = useLocation();
  // The path this last ran for: the first load is not a change (and StrictMode's second run in development is not one).
  const seen = useRef(pathname);
  useEffect(() => {
    if (seen.current === pathname) return;
    seen.current = pathname;
    const active = document.activeElement;
    if (!active || active === document.body || active.closest("header")) document.getElementById("main")?.focus({ preventScroll: true });
  }, [pathname]);
  return null;
}

/** A thin bar while a lazy route module or loader is loading. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return <div className={styles.progress} role="progressbar" aria-label="Loading page" />;
}

/**
 * A session that ran out sends the student to sign-in (told why, with the way back) instead of
 * letting the page treat the missing token as "never signed in".
 */
function SessionGate({ children }: { children: ReactNode }) {
  const expiry = usePendingExpiry();
  const { pathname } = useLocation();
  const onSignIn = pathname === paths.login;

  // The token's own end date, checked on every page change (the server checks it on every request).
  useEffect(() => {
    if (tokenExpired(getToken())) markSessionExpired();
  }, [pathname]);

  useEffect(() => {
    if (expiry && onSignIn) clearPendingExpiry();
  }, [expiry, onSignIn]);

  if (expiry && !onSignIn) return <Navigate to={signInPath(expiry.returnTo)} replace />;
  return children;
}
