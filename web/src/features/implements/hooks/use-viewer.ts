import { useQuery } from "@apollo/client/react";
import { ImplementsViewerDocument } from "../../../gql/graphql";

/** The signed-in student (id, name and gender), for links and for checking the URL's user id. */
export function useViewer() {
  const { data, loading, error, refetch } = useQuery(ImplementsViewerDocument, { fetchPolicy: "cache-first" });
  return { me: data?.me ?? null, loading: loading && !data, error, refetch, signedOut: !loading && !error && data?.me === null };
}
