import { Navigate, Outlet } from "react-router";
import { useToken } from "../../lib/auth";
import { paths } from "../../lib/paths";
import { useCurrentPath } from "../../lib/session";

/**
 * The pages only a signed-in student sees (spec: "a missing jwt sends the user to /register").
 * One layout route around them in the router, so no page repeats the check. The page asked for
 * goes along (`/register?returnTo=/user/chat/...`): a link from a mail opened in a browser that is
 * not signed in lands there after signing in or registering. A session that ran out is not
 * "missing": RootLayout sends that student to sign-in first, and back afterwards.
 */
export function RequireSignIn() {
  const token = useToken();
  const here = useCurrentPath();
  if (!token) return <Navigate to={paths.registerFor(here)} replace />;
  return <Outlet />;
}
