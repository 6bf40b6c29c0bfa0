import { Navigate, Outlet } from "react-router";
import { useToken } from "../../lib/auth";
import { paths } from "../../lib/paths";

/**
 * The pages only a signed-in student sees (spec: "a missing jwt sends the user to /register").
 * One layout route around them in the router, so no page repeats the check. A session that ran
 * out is not "missing": RootLayout sends that student to sign-in first, and back afterwards.
 */
export function RequireSignIn() {
  const token = useToken();
  if (!token) return <Navigate to={paths.register} replace />;
  return <Outlet />;
}
