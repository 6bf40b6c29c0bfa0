import { type FormEvent, useLayoutEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Alert } from "../../components/ui/Alert";
import { Button } from "../../components/ui/Button";
import { TextField } from "../../components/ui/TextField";
import { AuthCard } from "../../features/accounts/components/AuthCard";
import styles from "../../features/accounts/components/forms.module.css";
import { MESSAGES } from "../../features/accounts/utils/validation";
import { ForgotPasswordDocument, LoginDocument } from "../../gql/graphql";
import { OfflineNotice } from "../../components/layouts/OfflineNotice";
import { errorCode, serverMessage } from "../../lib/graphql-errors";
import { safeReturnPath, SESSION_EXPIRED_MESSAGE } from "../../lib/session";
import { PASSWORD_UPDATED_PARAM, paths } from "../../lib/paths";
import { useFormAction } from "../../lib/use-form-action";
import { useHydrated } from "../../lib/hydrated";

type Notice = { variant: "danger" | "success" | "warning"; message: string };
/** Which of the page's messages is the latest (one alert area for both actions). */
type Latest = "expired" | "passwordUpdated" | "signIn" | "forgot" | null;

/**
 * Apollo Client, loaded on the page's first focus or submit rather than before it renders: the
 * sign-in form is the first screen of many visits, and it needs the client only to send.
 */
const loadClient = () => import("../../lib/apollo-client");

/**
 * /login: Welcome Back. Success stores the token and goes to /dashboard, or back to the page
 * the student was on when their session expired (`?expired=1&returnTo=/path`).
 */
export function Component() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get("returnTo"));
  const expired = params.get("expired") === "1";
  // From the reset-password page: the spec's 'Password Updated' stays until the student acts.
  const passwordUpdated = params.get(PASSWORD_UPDATED_PARAM) !== null;
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  // The page is prerendered (scripts/prerender.mjs): what the student typed before its JavaScript ran
  // is taken over when it hydrates, and the buttons wait for it.
  const hydrated = useHydrated();
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    if (emailInput.current?.value) setEmail(emailInput.current.value);
    if (passwordInput.current?.value) setPassword(passwordInput.current.value);
  }, []);
  const [latest, setLatest] = useState<Latest>(expired ? "expired" : passwordUpdated ? "passwordUpdated" : null);
  const signingIn = useFormAction();
  const sendingLink = useFormAction();
  const notice: Notice | null =
    latest === "expired"
      ? { variant: "warning", message: SESSION_EXPIRED_MESSAGE }
      : latest === "passwordUpdated"
        ? { variant: "success", message: `${MESSAGES.passwordUpdated}. Sign in with your new password.` }
        : latest === "signIn" && signingIn.error
          ? { variant: "danger", message: signingIn.error }
          : latest === "forgot" && sendingLink.error
            ? { variant: "danger", message: sendingLink.error }
            : latest === "forgot" && sendingLink.success
              ? { variant: "success", message: sendingLink.success }
              : null;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (signingIn.busy) return;
    setLatest("signIn");
    if (!email.trim() || !password) return signingIn.fail("Please enter your email and password.");
    await signingIn.run(
      async () => {
        const { apolloClient, signIn } = await loadClient();
        const { data } = await apolloClient.mutate({ mutation: LoginDocument, variables: { input: { email: email.trim(), password } } });
        const token = data?.login.token;
        if (!token) throw new Error("no token");
        await signIn(token);
        navigate(returnTo ?? paths.dashboard(), { replace: Boolean(returnTo) });
      },
      {
        onError: (error) => {
          const limited = errorCode(error) === "RATE_LIMITED" ? serverMessage(error) : undefined;
          // A suspended account (right password): the server says until when and why.
          const suspended = errorCode(error) === "FORBIDDEN" ? serverMessage(error) : undefined;
          return limited ?? suspended ?? MESSAGES.wrongCredentials;
        },
      },
    );
  }

  async function onForgot() {
    if (sendingLink.busy) return;
    setLatest("forgot");
    if (!email.trim()) return sendingLink.fail(MESSAGES.forgotEmailRequired);
    await sendingLink.run(
      async () => {
        const { apolloClient } = await loadClient();
        const { data } = await apolloClient.mutate({ mutation: ForgotPasswordDocument, variables: { email: email.trim() } });
        return data?.forgotPassword ?? MESSAGES.forgotFailed;
      },
      {
        success: (text) => text,
        onError: (error) => {
          const limited = errorCode(error) === "RATE_LIMITED" ? serverMessage(error) : undefined;
          return limited ? `${MESSAGES.forgotFailed} ${limited}` : MESSAGES.forgotFailed;
        },
      },
    );
  }

  return (
    <>
      <OfflineNotice />
      <AuthCard
        title="Welcome Back"
        description="Sign in to keep learning and teaching."
        footer={
          <>
            New to Skill Exchange? <Link to={paths.registerFor(returnTo)}>Create Account</Link>
          </>
        }
      >
        <title>Sign In · Skill Exchange</title>
        <form className={styles.form} onSubmit={onSubmit} onFocus={() => void loadClient()} noValidate>
          <div className={styles.alerts}>{notice && <Alert variant={notice.variant}>{notice.message}</Alert>}</div>
          <TextField
            label="Email"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="username"
            required
            ref={emailInput}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            ref={passwordInput}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <div className={styles.row}>
            <span />
            <button
              type="button"
              className={styles.linkButton}
              onClick={() => void onForgot()}
              disabled={!hydrated || sendingLink.busy}
              aria-busy={sendingLink.busy || undefined}
            >
              Forgot Password?
            </button>
          </div>
          <div className={styles.actions}>
            <Button
              type="submit"
              size="lg"
              fullWidth
              disabled={!hydrated}
              loading={signingIn.busy}
              loadingText="Signing in..."
              aria-describedby={hydrated ? undefined : "login-waiting"}
            >
              Sign In
            </Button>
            {/* Why the buttons wait, on a slow network (it shows after a moment): the page is there before its code. */}
            {!hydrated && (
              <p id="login-waiting" className={styles.waiting}>
                Getting the page ready...
              </p>
            )}
          </div>
        </form>
      </AuthCard>
    </>
  );
}
