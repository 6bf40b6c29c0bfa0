import { Navigate, Outlet } from "react-router";
import { useToken } from "../../lib/auth";
import { paths } from "../../lib/paths";
import { useCurrentPath } from "../../lib/session";

/**
 * The pages only a signed-in student sees. One layout route around them in the router, so no page
 * repeats the check. Without a token: Create Account for the pages the spec names ("a missing jwt
 * sends the user to /register": chat, chat list, skill coins, game, dashboard, profile), sign-in
 * for the others (`signedOutTo="login"`: notifications, settings, API keys, moderation, implements),
 * which only students who have an account reach, from a mail or a bookmark. The page asked for
 * goes along (`?returnTo=/user/chat/...`) and is opened after signing in or registering, and each
 * of the two pages links to the other with it. A session that ran out is not "missing": RootLayout
 * sends that student to sign-in first, and back afterwards.
 */
export function RequireSignIn({ signedOutTo = "register" }: { signedOutTo?: "register" | "login" }) {
  const token = useToken();
  const here = useCurrentPath();
  if (!token) return <Navigate to={signedOutTo === "login" ? paths.loginFor(here) : paths.registerFor(here)} replace />;
  return <Outlet />;
}
