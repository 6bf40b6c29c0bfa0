import { Navigate, useParams } from "react-router";
import { ProblemsListPage } from "../../features/implements/components/ProblemsListPage";
import { nameSegment, WithViewer } from "../../features/implements/components/WithViewer";

/** /implements/:userID/:userName: others' problems. Another user's id goes to the caller's own list. */
export function Component() {
  const { userID } = useParams();
  return (
    <WithViewer>
      {(me) => (me.id === userID ? <ProblemsListPage me={me} /> : <Navigate to={`/implements/${me.id}/${nameSegment(me.name)}`} replace />)}
    </WithViewer>
  );
}
