import { useEffect, useId, useRef, useState } from "react";
import { NavLink, useLocation } from "react-router";
import { cx } from "../../lib/cx";
import { CloseIcon, MenuIcon } from "../ui/icons";
import { Logo } from "./Logo";
import styles from "./Navbar.module.css";
import { usePageMenuLinks } from "./page-menu";
import { paths } from "../../lib/paths";

export const NAV_LINKS = [
  { to: paths.home, label: "Home", end: true },
  { to: paths.dashboard(), label: "Dashboard", end: false },
  { to: paths.about, label: "About Us", end: false },
  { to: paths.contact, label: "Contact Us", end: false },
] as const;

/**
 * The fixed top bar. At 768px and below the links collapse into a menu behind a burger
 * button; the menu closes on navigation, Escape, a click outside, and when widening past md.
 * A page with links of its own (the dashboard) adds them to that menu: one menu on a phone.
 */
export function Navbar() {
  const { pathname } = useLocation();
  // Open "for" a path, so any navigation closes the menu without an effect.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === pathname;
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  const close = () => setOpenAt(null);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpenAt(null);
      toggleRef.current?.focus();
    };
    const desktop = typeof window.matchMedia === "function" ? window.matchMedia("(min-width: 769px)") : null;
    const onResize = () => {
      if (desktop?.matches) setOpenAt(null);
    };
    document.addEventListener("keydown", onKeyDown);
    desktop?.addEventListener("change", onResize);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      desktop?.removeEventListener("change", onResize);
    };
  }, [open]);

  return (
    <>
      <header className={cx(styles.header, open && styles.open)}>
        <nav className={cx("container", styles.bar)} aria-label="Main">
          <Logo link onClick={close} />
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
          <ul id={menuId} role="list" className={styles.links}>
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className={styles.link} onClick={close}>
                  {link.label}
                </NavLink>
              </li>
            ))}
            <PageMenuLinks menuId={menuId} onNavigate={close} />
          </ul>
        </nav>
      </header>
      {open && <div className={styles.scrim} aria-hidden="true" onClick={close} />}
    </>
  );
}

/**
 * The page's own links in the menu (only in the collapsed one: on wide screens the page shows
 * them itself). A component of its own: the page registers them once it has rendered, and only
 * this part of the navbar renders again then.
 */
function PageMenuLinks({ menuId, onNavigate }: { menuId: string; onNavigate: () => void }) {
  const pageMenu = usePageMenuLinks();
  if (!pageMenu) return null;
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
