import { Navigate, useParams } from "react-router";
import { ProblemDetailsPage } from "../../features/implements/components/ProblemDetailsPage";
import { nameSegment, WithViewer } from "../../features/implements/components/WithViewer";

/** /implements/:userID/:userName/:postID: Implement Details. */
export function Component() {
  const { userID, postID = "" } = useParams();
  return (
    <WithViewer>
      {(me) =>
        me.id === userID ? (
          <ProblemDetailsPage key={postID} me={me} postId={postID} />
        ) : (
          <Navigate to={`/implements/${me.id}/${nameSegment(me.name)}/${encodeURIComponent(postID)}`} replace />
        )
      }
    </WithViewer>
  );
}
