import { Link } from "react-router";
import { PRIVACY_MESSAGES } from "../../../../common/accounts";
import { Alert } from "../../components/ui/Alert";
import { ButtonLink } from "../../components/ui/Button";
import { AuthCard } from "../../features/accounts/components/AuthCard";
import styles from "../../features/accounts/components/forms.module.css";
import { paths } from "../../lib/paths";

/** Where deleting one's account ends: the session is gone already. */
export function Component() {
  return (
    <AuthCard
      title="Account deleted"
      description="Thank you for learning with Skill Exchange."
      footer={<Link to={paths.home}>Back to home</Link>}
    >
      <title>Account deleted · Skill Exchange</title>
      <div className={styles.form}>
        <Alert variant="success" title={PRIVACY_MESSAGES.deleted}>
          Your profile and personal data are erased. Your college mail can be used to register again.
        </Alert>
        <ButtonLink to={paths.register} variant="secondary" size="lg" fullWidth>
          Create a new account
        </ButtonLink>
      </div>
    </AuthCard>
  );
}
