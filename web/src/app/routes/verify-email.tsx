import { useApolloClient, useMutation } from "@apollo/client/react";
import { useEffect, useRef, useState } from "react";
import { Link, useParams } from "react-router";
import { VERIFY_MESSAGES } from "../../../../common/accounts";
import { Alert } from "../../components/ui/Alert";
import { ButtonLink } from "../../components/ui/Button";
import { Spinner } from "../../components/ui/Spinner";
import { AuthCard } from "../../features/accounts/components/AuthCard";
import styles from "../../features/accounts/components/forms.module.css";
import { VerifyEmailNotice } from "../../features/accounts/components/VerifyEmailNotice";
import { VerifyEmailDocument } from "../../gql/graphql";
import { errorText } from "../../lib/graphql-errors";
import { rememberedReturnTo, rememberReturnTo, useToken } from "../../lib/auth";
import { paths } from "../../lib/paths";
import { safeReturnPath, useReturnTo } from "../../lib/session";

type State = { step: "verifying" } | { step: "verified" } | { step: "failed"; message: string };

/**
 * /verify-email/:token, opened from the mail: spends the link and says what happened. No sign-in
 * needed. A student who registered from a link to a page goes on there: the link names it
 * (`?returnTo=`, so it works in another browser, e.g. a phone's mail app), else this browser
 * remembered it (lib/auth rememberReturnTo). Signed out here, sign-in leads there.
 */
export function Component() {
  const { token = "" } = useParams();
  const signedIn = Boolean(useToken());
  const linked = useReturnTo();
  // Read once: verifying forgets the remembered page.
  const [remembered] = useState(() => safeReturnPath(rememberedReturnTo()));
  const asked = linked ?? remembered;
  const client = useApolloClient();
  const [verify] = useMutation(VerifyEmailDocument);
  const [state, setState] = useState<State>({ step: "verifying" });
  const started = useRef("");

  useEffect(() => {
    if (started.current === token) return; // once per link, also under StrictMode's double effects
    started.current = token;
    verify({ variables: { token } })
      .then(() => {
        // Whatever page asked before now reads the verified state.
        client.cache.evict({ id: "ROOT_QUERY", fieldName: "me" });
        client.cache.gc();
        // Followed once: from now on the student's own links lead on.
        rememberReturnTo(null);
        setState({ step: "verified" });
      })
      .catch((error: unknown) => setState({ step: "failed", message: errorText(error) }));
  }, [token, verify, client]);

  let body;
  if (state.step === "verifying") body = <Spinner showLabel label="Verifying your college mail..." />;
  else if (state.step === "verified") {
    body = (
      <div className={styles.form}>
        <Alert variant="success" title={VERIFY_MESSAGES.verified}>
          Other students can now find you, and you can send swap and pay requests, join implements and chat.
        </Alert>
        <ButtonLink to={signedIn ? (asked ?? paths.dashboard()) : paths.loginFor(asked)} size="lg" fullWidth>
          {signedIn ? (asked ? "Continue to the page you opened" : "Go to your dashboard") : "Sign in"}
        </ButtonLink>
      </div>
    );
  } else {
    body = (
      <div className={styles.form}>
        <Alert variant="danger" title={state.message} />
        {signedIn ? (
          <VerifyEmailNotice />
        ) : (
          <ButtonLink to={paths.loginFor(asked)} variant="secondary" size="lg" fullWidth>
            Sign in to ask for a new link
          </ButtonLink>
        )}
      </div>
    );
  }

  return (
    <AuthCard
      title="Verify your college mail"
      description="Proving the address is yours keeps Skill Exchange to students of the college."
      footer={<Link to={paths.home}>Back to home</Link>}
    >
      <title>Verify your college mail · Skill Exchange</title>
      {body}
    </AuthCard>
  );
}
