import { useMutation, useQuery } from "@apollo/client/react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { PASSWORD_MAX, PASSWORD_MIN } from "../../../../common/accounts";
import { Alert } from "../../components/ui/Alert";
import { Button, ButtonLink } from "../../components/ui/Button";
import { Spinner } from "../../components/ui/Spinner";
import { TextField } from "../../components/ui/TextField";
import { AuthCard } from "../../features/accounts/components/AuthCard";
import styles from "../../features/accounts/components/forms.module.css";
import { MESSAGES, passwordLengthOk } from "../../features/accounts/utils/validation";
import { ResetTokenValidDocument, UpdatePasswordDocument } from "../../gql/graphql";
import { paths } from "../../lib/paths";
import { serverMessage } from "../../lib/graphql-errors";
import { useFormAction } from "../../lib/use-form-action";

const REDIRECT_MS = 1500;

/** /reset-password/:newtoken, opened from the mail. A used, expired or unknown link shows why it cannot be used. */
export function Component() {
  const { newtoken = "" } = useParams();
  const { data, loading, error } = useQuery(ResetTokenValidDocument, { variables: { token: newtoken }, fetchPolicy: "network-only" });

  let body;
  if (loading) body = <Spinner showLabel label="Checking your link..." />;
  else if (error) body = <Alert variant="danger">Could not check the link. Please reload the page.</Alert>;
  else if (!data?.resetTokenValid) body = <InvalidLink />;
  else body = <NewPasswordForm token={newtoken} />;
  // The invalid-link view has its own "Go to sign in" button; the footer link would repeat it.
  const invalid = !loading && !error && !data?.resetTokenValid;

  return (
    <AuthCard
      title="Reset Your Password"
      description="Choose a new password for your account."
      footer={invalid ? undefined : <Link to={paths.login}>Back to sign in</Link>}
    >
      <title>Reset Your Password · Skill Exchange</title>
      {body}
    </AuthCard>
  );
}

function InvalidLink() {
  return (
    <div className={styles.form}>
      <Alert variant="danger" title={MESSAGES.resetInvalid}>
        The link may have been used already or be more than an hour old. Ask for a new one from the sign-in page.
      </Alert>
      <ButtonLink to={paths.login} variant="secondary" size="lg" fullWidth>
        Go to sign in
      </ButtonLink>
    </div>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const { busy, error: problem, run, fail } = useFormAction();
  const [status, setStatus] = useState<"editing" | "updated" | "invalid">("editing");
  const [updatePassword] = useMutation(UpdatePasswordDocument);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!password) return fail("Please enter a new password.");
    if (!passwordLengthOk(password)) return fail(MESSAGES.passwordLength);
    await run(
      async () => {
        await updatePassword({ variables: { token, password } });
        setStatus("updated");
        timer.current = setTimeout(() => navigate(paths.loginAfterPasswordUpdate, { replace: true }), REDIRECT_MS);
      },
      {
        fallback: "Could not update the password. Please try again.",
        onError: (error) => {
          if (serverMessage(error) !== MESSAGES.resetInvalid) return undefined;
          setStatus("invalid");
          return null;
        },
      },
    );
  }

  if (status === "invalid") return <InvalidLink />;
  if (status === "updated") {
    return (
      <Alert variant="success" title={MESSAGES.passwordUpdated}>
        Taking you to the sign-in page...
      </Alert>
    );
  }
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <div className={styles.alerts}>{problem && <Alert variant="danger">{problem}</Alert>}</div>
      <TextField
        label="New Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        autoFocus
        hint={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters. You will be signed out on every device.`}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        aria-invalid={problem ? true : undefined}
      />
      <div className={styles.actions}>
        <Button type="submit" size="lg" fullWidth loading={busy} loadingText="Updating...">
          Update Password
        </Button>
      </div>
    </form>
  );
}
