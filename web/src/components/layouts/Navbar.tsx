import { useEffect, useId, useRef, useState } from "react";
import { NavLink, useLocation } from "react-router";
import { cx } from "../../lib/cx";
import { BellIcon, ChatIcon, CloseIcon, MenuIcon } from "../ui/icons";
import { Logo } from "./Logo";
import styles from "./Navbar.module.css";
import { type PageMenu, type PageMenuShortcut, usePageMenuLinks } from "./page-menu";
import { paths } from "../../lib/paths";
import { getToken, useToken } from "../../lib/auth";
import { SIGNED_IN_HINT_ATTRIBUTE } from "../../../../common/pages";

export const NAV_LINKS = [
  { to: paths.home, label: "Home", end: true },
  { to: paths.dashboard(), label: "Dashboard", end: false },
  { to: paths.about, label: "About Us", end: false },
  { to: paths.contact, label: "Contact Us", end: false },
] as const;

/**
 * The fixed top bar. At 768px and below the links collapse into a menu behind a burger
 * button; the menu closes on navigation, Escape, a click outside, and when widening past md.
 * On signed-in pages the student's own links (notifications, chat, coins, profile, ...) join that
 * menu, and on wide screens open from the same button as an account menu; notifications and chat
 * also sit in the bar itself with their live counts, so no count hides behind a menu.
 */
export function Navbar() {
  const { pathname, search } = useLocation();
  const pageMenu = usePageMenuLinks();
  // Signed out: a way to sign in from every page (a returning student is not sent through Create Account).
  // From Create Account, it keeps the page that sent the student there (a mailed link).
  const signedOut = !useToken() && !pageMenu;
  const signIn =
    signedOut && pathname !== paths.login
      ? paths.loginFor(pathname === paths.register ? new URLSearchParams(search).get("returnTo") : null)
      : null;
  // The page's "Sign in" was hidden before it ran (common/pages.ts): shown again once this render agrees with the
  // browser's token, which a hydration (the page as rendered, signed out) does not yet, or when there is none.
  useEffect(() => {
    if (!signIn || !getToken()) document.documentElement.removeAttribute(SIGNED_IN_HINT_ATTRIBUTE);
  }, [signIn]);
  // Open "for" a path, so any navigation closes the menu without an effect.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === pathname;
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  const close = () => setOpenAt(null);
  // Open "for" a path closes it at once on a page change; a return to the same path (Back, then Forward) is a new
  // entry: closed too, not reopened (with the focus taken into it).
  const { key } = useLocation();
  useEffect(() => setOpenAt(null), [key]);
  const menuRef = useRef<HTMLUListElement>(null);

  // The menu comes before its button in the page (on wide screens the site's links sit left of the bar's icons, in
  // the order they are read), so opening it takes the focus into it: its first link (the account's on wide screens,
  // where the site's are in the bar already). Escape, below, brings it back to the button.
  useEffect(() => {
    if (!open) return;
    const wide = typeof window.matchMedia === "function" && window.matchMedia("(min-width: 769px)").matches;
    const first = menuRef.current?.querySelector<HTMLAnchorElement>(wide ? `.${styles.pageLinks} a` : "a");
    first?.focus({ preventScroll: true });
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpenAt(null);
      toggleRef.current?.focus();
    };
    // Crossing md either way closes it: the phone's menu and the wide screens' account menu differ.
    const desktop = typeof window.matchMedia === "function" ? window.matchMedia("(min-width: 769px)") : null;
    const onResize = () => setOpenAt(null);
    document.addEventListener("keydown", onKeyDown);
    desktop?.addEventListener("change", onResize);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      desktop?.removeEventListener("change", onResize);
    };
  }, [open]);

  return (
    <>
      <header className={cx(styles.header, open && styles.open, pageMenu && styles.signedIn)}>
        <nav className={cx("container", styles.bar)} aria-label="Main">
          <Logo link onClick={close} />
          <ul ref={menuRef} id={menuId} role="list" className={styles.links}>
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className={styles.link} onClick={close}>
                  {link.label}
                </NavLink>
              </li>
            ))}
            {signIn && (
              <li className={styles.signInItem}>
                <NavLink to={signIn} className={cx(styles.link, styles.signIn)} onClick={close}>
                  Sign in
                </NavLink>
              </li>
            )}
            {pageMenu && <PageMenuLinks menuId={menuId} pageMenu={pageMenu} onNavigate={close} />}
          </ul>
          <div className={styles.actions}>
            {/* On a phone beside the menu button, where it shows without opening the menu. */}
            {signIn && (
              <NavLink to={signIn} className={cx(styles.link, styles.signIn, styles.signInBar)} onClick={close}>
                Sign in
              </NavLink>
            )}
            {pageMenu?.shortcuts?.map((shortcut) => (
              <Shortcut key={shortcut.to} shortcut={shortcut} onNavigate={close} />
            ))}
            <button
              ref={toggleRef}
              type="button"
              className={styles.toggle}
              aria-expanded={open}
              aria-controls={menuId}
              aria-label={open ? "Close menu" : "Open menu"}
              onClick={() => setOpenAt(open ? null : pathname)}
            >
              {open ? <CloseIcon size={22} /> : <MenuIcon size={22} />}
            </button>
          </div>
        </nav>
      </header>
      {open && <div className={styles.scrim} aria-hidden="true" onClick={close} />}
    </>
  );
}

const SHORTCUT_ICONS = { notifications: BellIcon, chat: ChatIcon } as const;

/**
 * Notifications or chat in the bar, with the count as a badge (live: the signed-in layout keeps it
 * up to date). Its name carries the count for screen readers ("Chat: 2").
 */
function Shortcut({ shortcut, onNavigate }: { shortcut: PageMenuShortcut; onNavigate: () => void }) {
  const Icon = SHORTCUT_ICONS[shortcut.icon];
  const { count } = shortcut;
  return (
    <NavLink
      to={shortcut.to}
      end
      className={styles.shortcut}
      aria-label={count > 0 ? `${shortcut.label}: ${count}` : shortcut.label}
      title={shortcut.label}
      onClick={onNavigate}
    >
      <Icon size={22} />
      {count > 0 && (
        <span className={styles.badge} aria-hidden="true">
          {count > 99 ? "99+" : count}
        </span>
      )}
    </NavLink>
  );
}

/**
 * The student's own links in the menu: under the site's links in the phone's menu, alone in the
 * account menu of wide screens (where the site's links stay in the bar).
 */
function PageMenuLinks({ menuId, pageMenu, onNavigate }: { menuId: string; pageMenu: PageMenu; onNavigate: () => void }) {
  return (
    <li className={styles.pageLinks}>
      <p className={styles.pageLabel} id={`${menuId}-page`}>
        {pageMenu.label}
      </p>
      <ul role="list" aria-labelledby={`${menuId}-page`}>
        {pageMenu.links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end className={styles.link} onClick={onNavigate}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}
