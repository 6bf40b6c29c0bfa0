import { Navigate, useParams } from "react-router";
import { CreateProblemPage } from "../../features/implements/components/CreateProblemPage";
import { nameSegment, WithViewer } from "../../features/implements/components/WithViewer";

/** /implements/:userId/:userName/create: Post Problem. */
export function Component() {
  const { userId } = useParams();
  return (
    <WithViewer>
      {(me) => (me.id === userId ? <CreateProblemPage me={me} /> : <Navigate to={`/implements/${me.id}/${nameSegment(me.name)}/create`} replace />)}
    </WithViewer>
  );
}
