import { Navigate, useParams } from "react-router";
import { ProblemDetailsPage } from "../../features/implements/components/ProblemDetailsPage";
import { WithViewer } from "../../features/implements/components/WithViewer";
import { paths } from "../../lib/paths";

/** /implements/:userID/:userName/:postID: Implement Details. */
export function Component() {
  const { userID, postID = "" } = useParams();
  return (
    <WithViewer>
      {(me) =>
        me.id === userID ? (
          <ProblemDetailsPage key={postID} me={me} postId={postID} />
        ) : (
          <Navigate to={paths.implements.details(me.id, me.name, postID)} replace />
        )
      }
    </WithViewer>
  );
}
