import { Navigate } from "react-router";
import { VerifyEmailNotice } from "../../features/accounts/components/VerifyEmailNotice";
import { ProfileDetailsPage } from "../../features/profiles/components/ProfileDetailsPage";
import { useToken } from "../../lib/auth";

/** /p: Profile details. Signed-out visitors go to /register. */
export function Component() {
  const token = useToken();
  if (!token) return <Navigate to="/register" replace />;
  return <ProfileDetailsPage notice={<VerifyEmailNotice />} />;
}
