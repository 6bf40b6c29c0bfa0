import { Navigate, useParams } from "react-router";
import { ProblemsListPage } from "../../features/implements/components/ProblemsListPage";
import { WithViewer } from "../../features/implements/components/WithViewer";
import { paths } from "../../lib/paths";

/** /implements/:userID/:userName: others' problems. Another user's id goes to the caller's own list. */
export function Component() {
  const { userID } = useParams();
  return (
    <WithViewer>
      {(me) => (me.id === userID ? <ProblemsListPage me={me} /> : <Navigate to={paths.implements.list(me.id, me.name)} replace />)}
    </WithViewer>
  );
}
