import { VerifyEmailNotice } from "../../features/accounts/components/VerifyEmailNotice";
import { ProfileDetailsPage } from "../../features/profiles/components/ProfileDetailsPage";

/** /p: Profile details (signed in only: RequireSignIn). */
export function Component() {
  return <ProfileDetailsPage notice={<VerifyEmailNotice />} />;
}
