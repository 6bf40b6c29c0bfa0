import { ChatListPage } from "../../features/chat/components/ChatListPage";

/** /user/chat (signed in only: RequireSignIn). */
export function Component() {
  return <ChatListPage />;
}
