import { useQuery } from "@apollo/client/react";
import { type ReactNode, useEffect, useRef } from "react";
import { Navigate, useNavigate } from "react-router";
import { Page } from "../../../components/layouts/Page";
import { LoadError } from "../../../components/ui/LoadError";
import { PageHeader } from "../../../components/ui/PageHeader";
import { FullScreenSpinner } from "../../../components/ui/Spinner";
import { ProfileDetailsDocument } from "../../../gql/graphql";
import { errorCode } from "../../../lib/graphql-errors";
import { ProfileForm } from "./ProfileForm";
import styles from "./ProfileDetailsPage.module.css";
import { paths } from "../../../lib/paths";
import { useReturnTo } from "../../../lib/session";

/** The form itself is no page to come back to. */
const isForm = (path: string) => /^\/p(?:[?#]|$)/.test(path);

/** How long 'Profile Details Updated Successfully' stays before the dashboard opens. */
export const SAVED_REDIRECT_MS = 1200;

/**
 * /p for a signed-in student: their own profile (the token decides whose). Saved, it goes to the
 * dashboard, or to the page the student asked for before they had to fill it (`?returnTo=`).
 */
export function ProfileDetailsPage({ notice }: { /** Shown under the header (the route's account notices). */ notice?: ReactNode }) {
  const navigate = useNavigate();
  const asked = useReturnTo();
  const next = asked && !isForm(asked) ? asked : null;
  const { data, error, refetch } = useQuery(ProfileDetailsDocument, { fetchPolicy: "network-only" });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  if (errorCode(error) === "UNAUTHENTICATED" || (data && data.me === null)) return <Navigate to={paths.registerFor(next)} replace />;
  const me = data?.me;

  return (
    <Page width="narrow">
      <title>Profile Details · Skill Exchange</title>
      <PageHeader
        eyebrow={me?.detailsFilled ? "Your profile" : "One more step"}
        title="Profile Details"
        description="Tell other students what you can teach and what you want to learn. Your dashboard feed is built from it."
      />
      {notice && <div className={styles.notice}>{notice}</div>}
      {me ? (
        <ProfileForm
          me={me}
          onSaved={() => {
            timer.current = setTimeout(() => navigate(next ?? paths.dashboard(), { replace: Boolean(next) }), SAVED_REDIRECT_MS);
          }}
        />
      ) : error ? (
        <LoadError message="Your profile could not be loaded." onRetry={refetch} />
      ) : (
        <FullScreenSpinner />
      )}
    </Page>
  );
}
