import { useMutation } from "@apollo/client/react";
import { type FormEvent, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Alert } from "../../components/ui/Alert";
import { Button } from "../../components/ui/Button";
import { TextField } from "../../components/ui/TextField";
import { AuthCard } from "../../features/accounts/components/AuthCard";
import styles from "../../features/accounts/components/forms.module.css";
import { MESSAGES } from "../../features/accounts/utils/validation";
import { ForgotPasswordDocument, LoginDocument } from "../../gql/graphql";
import { signIn } from "../../lib/apollo-client";
import { errorCode, serverMessage } from "../../lib/graphql-errors";
import { safeReturnPath, SESSION_EXPIRED_MESSAGE } from "../../lib/session";
import { paths } from "../../lib/paths";

type Notice = { variant: "danger" | "success" | "warning"; message: string };

/**
 * /login: Welcome Back. Success stores the token and goes to /dashboard, or back to the page
 * the student was on when their session expired (`?expired=1&returnTo=/path`).
 */
export function Component() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get("returnTo"));
  const expired = params.get("expired") === "1";
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [notice, setNotice] = useState<Notice | null>(expired ? { variant: "warning", message: SESSION_EXPIRED_MESSAGE } : null);
  const [login, { loading }] = useMutation(LoginDocument);
  const [forgotPassword, { loading: sendingLink }] = useMutation(ForgotPasswordDocument);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    if (!email.trim() || !password) {
      setNotice({ variant: "danger", message: "Please enter your email and password." });
      return;
    }
    setNotice(null);
    try {
      const { data } = await login({ variables: { input: { email: email.trim(), password } } });
      const token = data?.login.token;
      if (!token) throw new Error("no token");
      await signIn(token);
      navigate(returnTo ?? paths.dashboard(), { replace: Boolean(returnTo) });
    } catch (error) {
      const limited = errorCode(error) === "RATE_LIMITED" ? serverMessage(error) : undefined;
      // A suspended account (right password): the server says until when and why.
      const suspended = errorCode(error) === "FORBIDDEN" ? serverMessage(error) : undefined;
      setNotice({ variant: "danger", message: limited ?? suspended ?? MESSAGES.wrongCredentials });
    }
  }

  async function onForgot() {
    if (sendingLink) return;
    if (!email.trim()) {
      setNotice({ variant: "danger", message: MESSAGES.forgotEmailRequired });
      return;
    }
    setNotice(null);
    try {
      const { data } = await forgotPassword({ variables: { email: email.trim() } });
      setNotice({ variant: "success", message: data?.forgotPassword ?? MESSAGES.forgotFailed });
    } catch (error) {
      const limited = errorCode(error) === "RATE_LIMITED" ? serverMessage(error) : undefined;
      setNotice({ variant: "danger", message: limited ? `${MESSAGES.forgotFailed} ${limited}` : MESSAGES.forgotFailed });
    }
  }

  return (
    <AuthCard
      title="Welcome Back"
      description="Sign in to keep learning and teaching."
      footer={
        <>
          New to Skill Exchange? <Link to={paths.register}>Create Account</Link>
        </>
      }
    >
      <title>Sign In · Skill Exchange</title>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <div className={styles.alerts}>
          {notice && <Alert variant={notice.variant}>{notice.message}</Alert>}
        </div>
        <TextField
          label="Email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className={styles.row}>
          <span />
          <button type="button" className={styles.linkButton} onClick={() => void onForgot()} disabled={sendingLink} aria-busy={sendingLink || undefined}>
            Forgot Password?
          </button>
        </div>
        <div className={styles.actions}>
          <Button type="submit" size="lg" fullWidth loading={loading} loadingText="Signing in...">
            Sign In
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
