import { Navigate } from "react-router";
import { ModerationPage } from "../../features/moderation/components/ModerationPage";
import { useToken } from "../../lib/auth";

/**
 * /moderation: operators only. Everyone else gets the server's refusal (FORBIDDEN, 403 on REST)
 * shown as a 403 page: the data never reaches a browser that is not an operator's.
 */
export function Component() {
  const token = useToken();
  if (!token) return <Navigate to="/register" replace />;
  return <ModerationPage />;
}
