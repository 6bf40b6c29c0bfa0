import { Link } from "react-router";
import { usePageMenu } from "../../../components/layouts/page-menu";
import type { Gender } from "../../../gql/graphql";
import { genderSegment } from "../../../lib/gender";
import styles from "./Dashboard.module.css";

export interface DashboardViewer {
  id: string;
  name: string;
  gender: Gender | null;
  /** Operators also get a link to the moderation console. */
  isOperator?: boolean;
}

/** The dashboard's links, in the order of spec section 2. */
export function dashboardLinks(me: DashboardViewer, notificationCount: number) {
  return [
    { to: `/${me.id}/notifications`, label: notificationCount > 0 ? `Notifications (${notificationCount})` : "Notifications" },
    { to: "/user/chat", label: "Chat" },
    { to: `/user/${me.id}/${me.id}/${genderSegment(me.gender)}`, label: "Profile" },
    { to: `/implements/${me.id}/${encodeURIComponent(me.name)}`, label: "Implement" },
    { to: `/leaderboard/${me.id}`, label: "Leaderboard" },
    { to: `/game/${me.id}`, label: "Game" },
    { to: "/skill-coins", label: "Coins" },
    ...(me.isOperator ? [{ to: "/moderation", label: "Moderation" }] : []),
    { to: "/logout", label: "Logout" },
  ];
}

/**
 * The dashboard's links: a row on wide screens. At 768px and below they move into the navbar's
 * burger menu (one menu on a phone, not two), so this row is hidden there.
 */
export function DashboardNav({ me, notificationCount }: { me: DashboardViewer; notificationCount: number }) {
  const links = dashboardLinks(me, notificationCount);
  usePageMenu({ label: "Dashboard", links });
  return (
    <nav className={styles.dashNav} aria-label="Dashboard">
      <ul role="list" className={styles.dashLinks}>
        {links.map((link) => (
          <li key={link.label}>
            <Link to={link.to} className={styles.dashLink}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
