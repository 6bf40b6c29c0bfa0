import { useQuery } from "@apollo/client/react";
import { Link } from "react-router";
import { DashboardCountsDocument, type Gender } from "../../../gql/graphql";
import styles from "./DashboardNav.module.css";
import { paths } from "../../../lib/paths";

export interface DashboardViewer {
  id: string;
  name: string;
  gender: Gender | null;
  /** Operators also get a link to the moderation console. */
  isOperator?: boolean;
}

/** The dashboard's links, in the order of spec section 2. */
export function dashboardLinks(me: DashboardViewer, notificationCount: number, unreadMessages = 0) {
  return [
    { to: paths.notifications(me.id), label: notificationCount > 0 ? `Notifications (${notificationCount})` : "Notifications" },
    { to: paths.chats, label: unreadMessages > 0 ? `Chat (${unreadMessages})` : "Chat" },
    { to: paths.profile(me.id, me.id, me.gender), label: "Profile" },
    { to: paths.implements.list(me.id, me.name), label: "Implement" },
    { to: paths.leaderboard(me.id), label: "Leaderboard" },
    { to: paths.game(me.id), label: "Game" },
    { to: paths.skillCoins(), label: "Coins" },
    ...(me.isOperator ? [{ to: paths.moderation, label: "Moderation" }] : []),
    { to: paths.logout, label: "Logout" },
  ];
}

/**
 * The dashboard's links: a row on wide screens. At 768px and below the navbar's burger menu holds
 * the same links on every signed-in page (app/account-nav.tsx), so this row is hidden there.
 * Notifications and Chat show the counts in brackets (read cache-first: the route's loader asks
 * for them afresh on every visit, and the live updates of app/account-nav.tsx write them).
 */
export function DashboardNav({ me }: { me: DashboardViewer }) {
  const counts = useQuery(DashboardCountsDocument, { errorPolicy: "ignore" });
  const links = dashboardLinks(me, counts.data?.notificationCount ?? 0, counts.data?.unreadMessageCount ?? 0);
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
