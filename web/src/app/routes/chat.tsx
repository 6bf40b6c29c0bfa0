import { Navigate, useParams } from "react-router";
import { ChatPage } from "../../features/chat/components/ChatPage";
import { LessonsPanel } from "../../features/lessons/components/LessonsPanel";
import { useToken } from "../../lib/auth";

/** /user/chat/:chatUserID (the partner's id). Signed-out visitors go to /register. */
export function Component() {
  const token = useToken();
  const { chatUserID = "" } = useParams();
  if (!token) return <Navigate to="/register" replace />;
  // A new partner is a new page: no state carries over from the previous chat.
  return (
    <ChatPage
      key={chatUserID}
      chatWith={chatUserID}
      lessons={({ open, partnerName }) => <LessonsPanel chatWith={chatUserID} partnerName={partnerName} open={open} />}
    />
  );
}
