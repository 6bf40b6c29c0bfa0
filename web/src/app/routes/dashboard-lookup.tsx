import { useQuery } from "@apollo/client/react";
import { Navigate, useLocation } from "react-router";
import { LoadError } from "../../components/ui/LoadError";
import { Spinner } from "../../components/ui/Spinner";
import styles from "./dashboard-lookup.module.css";
import { DashboardViewerDocument } from "../../gql/graphql";
import { serverRefused } from "../../lib/graphql-errors";
import { paths } from "../../lib/paths";

/**
 * /dashboard: 'Loading...' while the caller's id is looked up, then /dashboard/{id} with the same
 * query (a mail's `?saved=` link) (signed in only: RequireSignIn). A lookup the server refuses signs
 * out (spec); one that got no answer (offline) or failed on the server's side keeps the session and
 * offers another try: a dropped connection signed the student out.
 */
export function Component() {
  const { data, error, loading, refetch } = useQuery(DashboardViewerDocument, {
    fetchPolicy: "network-only",
    notifyOnNetworkStatusChange: true,
  });
  const { search, hash } = useLocation();
  // A token the server no longer accepts: sign out properly.
  if ((error && serverRefused(error)) || (data && !data.me)) return <Navigate to={paths.logout} replace />;
  if (data?.me) return <Navigate to={`${paths.dashboard(data.me.id)}${search}${hash}`} replace />;
  return (
    <div className={styles.lookup}>
      <title>Dashboard · Skill Exchange</title>
      {error && !loading ? (
        <LoadError message="Your dashboard could not be loaded." onRetry={() => refetch()} />
      ) : (
        <Spinner showLabel label="Loading..." size="lg" />
      )}
    </div>
  );
}
