import { useMutation, useQuery } from "@apollo/client/react";
import { VERIFICATION_HOURS, VERIFY_MESSAGES } from "../../../../../common/accounts";
import { Alert } from "../../../components/ui/Alert";
import { Button } from "../../../components/ui/Button";
import { ResendVerificationEmailDocument, VerificationStatusDocument, type VerificationStatusQuery } from "../../../gql/graphql";
import styles from "./VerifyEmail.module.css";
import { useFormAction } from "../../../lib/use-form-action";

/**
 * Shown to a signed-in student whose college address is not verified yet (/p, /verify-email):
 * what they cannot do until then, and "Resend the mail" (rate-limited on the server). It asks the
 * server when it mounts; a page that has the status already shows `VerifyEmailAlert` with it.
 */
export function VerifyEmailNotice() {
  const { data } = useQuery(VerificationStatusDocument, { fetchPolicy: "cache-and-network" });
  return <VerifyEmailAlert me={data?.me} />;
}

/** The notice for the student's verification status (VerificationStatus's `me`): nothing until it is known, or once verified. */
export function VerifyEmailAlert({ me }: { me: VerificationStatusQuery["me"] | undefined }) {
  const [resend] = useMutation(ResendVerificationEmailDocument);
  const sending = useFormAction();
  if (!me || me.emailVerified) return null;

  const onResend = () =>
    sending.run(async () => (await resend()).data?.resendVerificationEmail ?? VERIFY_MESSAGES.resent, { success: (text) => text });
  const outcome = sending.success ?? sending.error;

  return (
    <Alert variant="warning" role="region" aria-label="Verify your college mail" title="Verify your college mail" className={styles.notice}>
      <p>
        We mailed a link to <strong className={styles.address}>{me.email}</strong>. Open it within {VERIFICATION_HOURS} hours to prove the
        address is yours. Until then you can fill your profile, but other students cannot find you, and you cannot send swap or pay
        requests, join or post implements, or chat.
      </p>
      <div className={styles.actions}>
        <Button variant="secondary" size="sm" onClick={onResend} loading={sending.busy} loadingText="Sending...">
          Resend the mail
        </Button>
        {outcome && (
          <span role="status" className={sending.success ? styles.ok : styles.problem}>
            {outcome}
          </span>
        )}
      </div>
    </Alert>
  );
}
