import type { ReactNode } from "react";
import type { ApolloClient } from "@apollo/client";
import { useQuery } from "@apollo/client/react";
import { type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs, useParams } from "react-router";
import { preloadDashboard } from "../../features/profiles/dashboard-preload";
import { UpcomingLessonsDocument, VerificationStatusDocument } from "../../gql/graphql";
import { apolloClient } from "../../lib/apollo-client";
import { getToken } from "../../lib/auth";
import { VerifyEmailAlert } from "../../features/accounts/components/VerifyEmailNotice";
import { UPCOMING_LESSONS_SHOWN, UpcomingLessonsCard } from "../../features/lessons/components/UpcomingLessonsCard";
import { DashboardPage } from "../../features/profiles/components/DashboardPage";

/**
 * Everything the dashboard's first screen asks for: the page's own queries (preloadDashboard) and
 * its notices' (verify your mail, upcoming lessons), afresh on every visit; the notices read them
 * from the cache.
 */
export function preloadDashboardRoute(client: ApolloClient, params: URLSearchParams): void {
  preloadDashboard(client, params);
  const ignore = () => undefined;
  void client.query({ query: VerificationStatusDocument, fetchPolicy: "network-only" }).catch(ignore);
  void client
    .query({
      query: UpcomingLessonsDocument,
      variables: { first: UPCOMING_LESSONS_SHOWN },
      fetchPolicy: "network-only",
      errorPolicy: "ignore",
    })
    .catch(ignore);
}

/**
 * The notices above the search (verify your mail, upcoming lessons), read from the cache (the
 * loader asks), and whether they have their answers (or failed): the page keeps its spinner until
 * then, so that a notice never appears a round trip after the page and pushes the search and the
 * feed down (a layout shift of 0.26 on an unverified student's phone).
 */
function useNotices(): { settled: boolean; notices: ReactNode } {
  const verification = useQuery(VerificationStatusDocument);
  const lessons = useQuery(UpcomingLessonsDocument, { variables: { first: UPCOMING_LESSONS_SHOWN }, errorPolicy: "ignore" });
  return {
    settled: !verification.loading && !lessons.loading,
    notices: (
      <>
        <VerifyEmailAlert me={verification.data?.me} />
        <UpcomingLessonsCard lessons={lessons.data?.upcomingLessons.edges ?? []} />
      </>
    ),
  };
}

/**
 * The page's first queries start here, before it renders (signed out, RequireSignIn sends the
 * visitor to sign in and there is nothing to ask for). Nothing is awaited: the page shows its
 * spinner meanwhile, as before.
 */
export function loader({ request }: LoaderFunctionArgs) {
  if (getToken()) preloadDashboardRoute(apolloClient, new URL(request.url).searchParams);
  return null;
}

/** Filters and searches change the address's query: the page asks for those itself (no new visit). */
export const shouldRevalidate = ({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
  currentUrl.pathname !== nextUrl.pathname && defaultShouldRevalidate;

/** /dashboard/:userId (signed in only: RequireSignIn). */
export function Component() {
  const { userId = "" } = useParams();
  const { settled, notices } = useNotices();
  return (
    // The live counts of its links come from the navbar's account links (../account-nav.tsx).
    <DashboardPage userId={userId} ready={settled} notice={notices} />
  );
}
