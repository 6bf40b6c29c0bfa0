import { Navigate } from "react-router";
import { ChatListPage } from "../../features/chat/components/ChatListPage";
import { useToken } from "../../lib/auth";

/** /user/chat. Signed-out visitors go to /register. */
export function Component() {
  const token = useToken();
  if (!token) return <Navigate to="/register" replace />;
  return <ChatListPage />;
}
