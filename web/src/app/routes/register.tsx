import { useMutation } from "@apollo/client/react";
import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { PASSWORD_MAX, PASSWORD_MIN } from "../../../../common/accounts";
import { Alert } from "../../components/ui/Alert";
import { Button } from "../../components/ui/Button";
import { TextField } from "../../components/ui/TextField";
import { AuthCard } from "../../features/accounts/components/AuthCard";
import styles from "../../features/accounts/components/forms.module.css";
import { COLLEGE_EMAIL_DOMAIN, MESSAGES, isCollegeEmail, passwordLengthOk } from "../../features/accounts/utils/validation";
import { RegisterDocument } from "../../gql/graphql";
import { signIn } from "../../lib/apollo-client";
import { errorCode } from "../../lib/graphql-errors";
import { rememberReturnTo } from "../../lib/auth";
import { paths } from "../../lib/paths";
import { useReturnTo } from "../../lib/session";
import { useFormAction } from "../../lib/use-form-action";

type Problem = { field: "name" | "email" | "password"; message: string };

/**
 * /register: Create Account. Success stores the token and goes to /p (profile details). A page asked
 * for (`?returnTo=`, from RequireSignIn) goes along: to the sign-in link, and through /p, which
 * lands there. The mailed verification link carries it (`?returnTo=`, the server checks it again), and
 * this browser remembers it too.
 */
export function Component() {
  const navigate = useNavigate();
  const returnTo = useReturnTo();
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [invalid, setInvalid] = useState<Problem["field"] | null>(null);
  const { busy, error: problem, run, fail } = useFormAction();
  const [register] = useMutation(RegisterDocument);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const checked = check();
    setInvalid(checked?.field ?? null);
    if (checked) return fail(checked.message);
    await run(
      async () => {
        // The server puts the page into the mailed link too: the mail may open in another browser.
        const { data } = await register({ variables: { input: { name: name.trim(), email: email.trim(), password, returnTo } } });
        const token = data?.register.token;
        if (!token) return; // spec: no token in the answer, nothing further happens
        await signIn(token);
        rememberReturnTo(returnTo);
        navigate(paths.profileDetailsFor(returnTo));
      },
      { fallback: MESSAGES.registrationFailed, onError: (error) => (errorCode(error) === "CONFLICT" ? MESSAGES.nameTaken : undefined) },
    );
  }

  function check(): Problem | null {
    if (!name.trim()) return { field: "name", message: "Please enter a username." };
    if (!isCollegeEmail(email)) return { field: "email", message: MESSAGES.invalidCollegeEmail };
    if (!passwordLengthOk(password)) return { field: "password", message: MESSAGES.passwordLength };
    return null;
  }

  return (
    <AuthCard
      title="Create Account"
      description="Join with your PSG Tech email and start swapping skills."
      footer={<Link to={paths.loginFor(returnTo)}>Already have an account? Sign in</Link>}
    >
      <title>Create Account · Skill Exchange</title>
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-describedby={problem ? "register-problem" : undefined}>
        <div className={styles.alerts}>
          {problem && (
            <Alert id="register-problem" variant="danger">
              {problem}
            </Alert>
          )}
        </div>
        <TextField
          label="Username"
          name="name"
          autoComplete="username"
          maxLength={60}
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={invalid === "name" || undefined}
        />
        <TextField
          label="PSG Tech Email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={`22z212@${COLLEGE_EMAIL_DOMAIN}`}
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={invalid === "email" || undefined}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          hint={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={invalid === "password" || undefined}
        />
        <div className={styles.actions}>
          <Button type="submit" size="lg" fullWidth loading={busy} loadingText="Creating Account...">
            Create Account
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
