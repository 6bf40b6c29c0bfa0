import { useMutation } from "@apollo/client/react";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Alert } from "../../components/ui/Alert";
import { Spinner } from "../../components/ui/Spinner";
import { AuthCard } from "../../features/accounts/components/AuthCard";
import { MESSAGES } from "../../features/accounts/utils/validation";
import { browserPush } from "../../features/notifications/utils/push";
import { LogoutDocument } from "../../gql/graphql";
import { resetRealtime, signOut } from "../../lib/apollo-client";
import { getToken } from "../../lib/auth";
import { paths } from "../../lib/paths";

/** How long "Logged Out Successfully" stays before going to the landing page. */
const REDIRECT_MS = 1500;

/**
 * /logout: revokes the session on the server (every token of the user stops working) and turns
 * push off for this browser, then forgets it here: token, cached data and the realtime socket.
 * Then goes to /.
 */
export function Component() {
  const navigate = useNavigate();
  const [logout] = useMutation(LogoutDocument);
  const [done, setDone] = useState(false);
  const started = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (started.current) return; // StrictMode runs effects twice in development: sign out once
    started.current = true;
    void (async () => {
      // Push on in this browser: the server forgets this device with the session, and the browser's
      // subscription ends (the next student here gets none of this one's notifications).
      const pushEndpoint = browserPush.supported() ? await browserPush.currentEndpoint().catch(() => null) : null;
      if (getToken()) {
        // An already revoked or expired token cannot be revoked again: sign out locally anyway.
        await logout({ variables: { pushEndpoint } }).catch(() => undefined);
      }
      if (pushEndpoint) await browserPush.unsubscribe().catch(() => undefined);
      await signOut();
      resetRealtime();
      setDone(true);
      timer.current = setTimeout(() => navigate(paths.home, { replace: true }), REDIRECT_MS);
    })();
  }, [logout, navigate]);

  return (
    <AuthCard title={done ? "See you soon" : "Signing out"}>
      <title>Log Out · Skill Exchange</title>
      {done ? <Alert variant="success">{MESSAGES.loggedOut}</Alert> : <Spinner showLabel label="Signing you out..." />}
    </AuthCard>
  );
}
