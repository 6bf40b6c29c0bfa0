import { Navigate, useParams } from "react-router";
import { CreateProblemPage } from "../../features/implements/components/CreateProblemPage";
import { WithViewer } from "../../features/implements/components/WithViewer";
import { paths } from "../../lib/paths";

/** /implements/:userId/:userName/create: Post Problem. */
export function Component() {
  const { userId } = useParams();
  return (
    <WithViewer>
      {(me) => (me.id === userId ? <CreateProblemPage me={me} /> : <Navigate to={paths.implements.create(me.id, me.name)} replace />)}
    </WithViewer>
  );
}
