import { useQuery } from "@apollo/client/react";
import { type ReactNode, useDeferredValue } from "react";
import { Navigate } from "react-router";
import { Page } from "../../../components/layouts/Page";
import { LoadError } from "../../../components/ui/LoadError";
import { FullScreenSpinner } from "../../../components/ui/Spinner";
import { DashboardViewerDocument } from "../../../gql/graphql";
import { errorCode } from "../../../lib/graphql-errors";
import { useFeed } from "../hooks/use-feed";
import { useDirectoryFilters } from "../hooks/use-directory-filters";
import { Avatar } from "../../../components/ui/Avatar";
import { DashboardNav } from "./DashboardNav";
import styles from "./DashboardPage.module.css";
import { FeedSection } from "./FeedSection";
import { RewardPopup } from "./RewardPopup";
import { SearchPanel } from "./SearchPanel";
import { paths } from "../../../lib/paths";

/**
 * /dashboard/:userId for its owner: links, welcome, search and the feed. Another id sends
 * the student to their own dashboard; an incomplete profile to /p; a dead session to /register.
 */
export function DashboardPage({
  userId,
  notice,
  ready = true,
}: {
  userId: string;
  /** Shown under the header (the route's account notices). */ notice?: ReactNode;
  /** False while `notice` waits for its data: the page shows with it, not before it. */ ready?: boolean;
}) {
  // Cache-first: the route's loader asks for the student and the counts afresh on every visit
  // (preloadDashboard), before this renders; their answers update the page.
  const viewer = useQuery(DashboardViewerDocument);
  const me = viewer.data?.me;
  const discovery = useDirectoryFilters();
  // The feed (and the counts, DashboardNav) are the caller's whoever the address names, so they are asked for beside
  // the viewer rather than after it (one round trip to the first paint, not two). The server answers
  // an unfinished profile with DETAILS_NOT_FILLED and a dead session with UNAUTHENTICATED (below).
  const feed = useFeed(false, discovery.filters);
  // The whole page replacing the spinner is the largest render: deferred, React renders it in
  // slices between which the browser stays responsive, instead of in one long task.
  // A feed that failed is settled too: the page shows, and its feed says so with a retry (it spun for ever).
  const feedSettled = feed.loaded || Boolean(feed.error);
  const shown = useDeferredValue(Boolean(me && feedSettled && ready));

  if (errorCode(viewer.error) === "UNAUTHENTICATED" || (viewer.data && me === null)) return <Navigate to={paths.register} replace />;
  if (me && me.id !== userId) return <Navigate to={paths.dashboard(me.id)} replace />;
  if ((me && !me.detailsFilled) || errorCode(feed.error) === "DETAILS_NOT_FILLED") return <Navigate to={paths.profileDetails} replace />;

  if (viewer.error && !me) {
    return (
      <Page width="narrow">
        <h1 className="visually-hidden">Dashboard</h1>
        <LoadError message="Your dashboard could not be loaded." onRetry={viewer.refetch} />
      </Page>
    );
  }
  // Full-screen spinner until the student, the first page of the feed and the notices are here.
  if (!me || !feedSettled || !ready || !shown) {
    return (
      <>
        <title>Dashboard · Skill Exchange</title>
        <FullScreenSpinner />
      </>
    );
  }

  return (
    <Page className={styles.page}>
      <title>Dashboard · Skill Exchange</title>
      <header className={styles.top}>
        <div className={styles.welcome}>
          <Avatar name={me.name} image={me.image} size={56} />
          <div>
            <h1 className={styles.welcomeTitle}>
              Welcome, <span dir="auto">{me.name}</span>
            </h1>
            <p className={styles.welcomeEmail}>{me.email}</p>
          </div>
        </div>
        <DashboardNav me={me} />
      </header>
      {notice}
      <SearchPanel me={me} state={discovery} />
      <FeedSection me={me} feed={feed} filtered={discovery.active} onClearFilters={discovery.clearFilters} />
      <RewardPopup />
    </Page>
  );
}
