import { useQuery } from "@apollo/client/react";
import { Navigate } from "react-router";
import { Spinner } from "../../components/ui/Spinner";
import styles from "../../features/profiles/components/Dashboard.module.css";
import { DashboardViewerDocument } from "../../gql/graphql";
import { useToken } from "../../lib/auth";

/** /dashboard: 'Loading...' while the caller's id is looked up, then /dashboard/{id}. */
export function Component() {
  const token = useToken();
  const { data, error } = useQuery(DashboardViewerDocument, { skip: !token, fetchPolicy: "network-only" });
  if (!token) return <Navigate to="/register" replace />;
  // A token the server no longer accepts: sign out properly.
  if (error || (data && !data.me)) return <Navigate to="/logout" replace />;
  if (data?.me) return <Navigate to={`/dashboard/${data.me.id}`} replace />;
  return (
    <div className={styles.lookup}>
      <title>Dashboard · Skill Exchange</title>
      <Spinner showLabel label="Loading..." size="lg" />
    </div>
  );
}
