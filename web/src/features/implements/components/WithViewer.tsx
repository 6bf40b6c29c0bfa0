import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { Page } from "../../../components/layouts/Page";
import { LoadError } from "../../../components/ui/LoadError";
import { LoadingBlock } from "../../../components/ui/Spinner";
import { errorCode } from "../../../lib/graphql-errors";
import { useViewer } from "../hooks/use-viewer";
import { paths } from "../../../lib/paths";

export interface Viewer {
  id: string;
  name: string;
  /** For links to profiles (their address carries the viewer's gender). */
  gender?: string | null;
}

/** Renders `children` for the signed-in student (RequireSignIn); a token the server refuses goes to /register. */
export function WithViewer({ children }: { children: (me: Viewer) => ReactNode }) {
  const { me, loading, error, refetch, signedOut } = useViewer();
  if (signedOut || errorCode(error) === "UNAUTHENTICATED") return <Navigate to={paths.register} replace />;
  if (me) return children(me);
  return (
    <Page>
      {loading || !error ? (
        <LoadingBlock label="Loading..." />
      ) : (
        <>
          <h1 className="visually-hidden">Implements</h1>
          <LoadError message="This page could not load." onRetry={refetch} />
        </>
      )}
    </Page>
  );
}
