import { Navigate, useParams } from "react-router";
import { MyProblemsPage } from "../../features/implements/components/MyProblemsPage";
import { WithViewer } from "../../features/implements/components/WithViewer";
import { paths } from "../../lib/paths";

/** /implements/:userID: Your Problems. Only one's own: another id goes to the caller's page. */
export function Component() {
  const { userID } = useParams();
  return (
    <WithViewer>
      {(me) => (me.id === userID ? <MyProblemsPage me={me} /> : <Navigate to={paths.implements.mine(me.id)} replace />)}
    </WithViewer>
  );
}
