import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { cx } from "../../../lib/cx";
import { CloseIcon, MenuIcon } from "../../../components/ui/icons";
import styles from "./Dashboard.module.css";

export interface DashboardViewer {
  id: string;
  name: string;
  gender: string | null;
  /** Operators also get a link to the moderation console. */
  isOperator?: boolean;
}

/** The dashboard's links, in the order of spec section 2. */
export function dashboardLinks(me: DashboardViewer, notificationCount: number) {
  return [
    { to: `/${me.id}/notifications`, label: notificationCount > 0 ? `Notifications (${notificationCount})` : "Notifications" },
    { to: "/user/chat", label: "Chat" },
    { to: `/user/${me.id}/${me.id}/${me.gender ?? "undefined"}`, label: "Profile" },
    { to: `/implements/${me.id}/${encodeURIComponent(me.name)}`, label: "Implement" },
    { to: `/leaderboard/${me.id}`, label: "Leaderboard" },
    { to: `/game/${me.id}`, label: "Game" },
    { to: "/skill-coins", label: "Coins" },
    ...(me.isOperator ? [{ to: "/moderation", label: "Moderation" }] : []),
    { to: "/logout", label: "Logout" },
  ];
}

/** Link row on wide screens; at 768px and below a burger/close button toggles it. */
export function DashboardNav({ me, notificationCount }: { me: DashboardViewer; notificationCount: number }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    // Escape closes the menu and puts focus back on its button (a focused link would be hidden).
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <nav className={cx(styles.dashNav, open && styles.dashNavOpen)} aria-label="Dashboard">
      <button
        ref={toggleRef}
        type="button"
        className={styles.dashToggle}
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={open ? "Close dashboard menu" : "Open dashboard menu"}
        onClick={() => setOpen(!open)}
      >
        {open ? <CloseIcon size={20} /> : <MenuIcon size={20} />}
        <span>Menu</span>
      </button>
      <ul id={menuId} role="list" className={styles.dashLinks}>
        {dashboardLinks(me, notificationCount).map((link) => (
          <li key={link.label}>
            <Link to={link.to} className={styles.dashLink} onClick={() => setOpen(false)}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
