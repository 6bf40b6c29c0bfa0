import { useQuery } from "@apollo/client/react";
import { Navigate, useLocation } from "react-router";
import { Spinner } from "../../components/ui/Spinner";
import styles from "./dashboard-lookup.module.css";
import { DashboardViewerDocument } from "../../gql/graphql";
import { paths } from "../../lib/paths";

/**
 * /dashboard: 'Loading...' while the caller's id is looked up, then /dashboard/{id} with the same
 * query (a mail's `?saved=` link) (signed in only: RequireSignIn).
 */
export function Component() {
  const { data, error } = useQuery(DashboardViewerDocument, { fetchPolicy: "network-only" });
  const { search, hash } = useLocation();
  // A token the server no longer accepts: sign out properly.
  if (error || (data && !data.me)) return <Navigate to={paths.logout} replace />;
  if (data?.me) return <Navigate to={`${paths.dashboard(data.me.id)}${search}${hash}`} replace />;
  return (
    <div className={styles.lookup}>
      <title>Dashboard · Skill Exchange</title>
      <Spinner showLabel label="Loading..." size="lg" />
    </div>
  );
}
