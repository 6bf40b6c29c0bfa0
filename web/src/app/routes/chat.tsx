import { useParams } from "react-router";
import { ChatPage } from "../../features/chat/components/ChatPage";
import { LessonsPanel } from "../../features/lessons/components/LessonsPanel";
import { ReviewForm } from "../../features/reviews/components/ReviewForm";
import type { PageHandle } from "../../components/layouts/RootLayout";

/** On a phone the chat is one screen, a messaging app's: the composer at its bottom, no footer below. */
export const handle: PageHandle = { phoneScreen: true };

/** /user/chat/:chatUserID (the partner's id; signed in only: RequireSignIn). */
export function Component() {
  const { chatUserID = "" } = useParams();
  // A new partner is a new page: no state carries over from the previous chat.
  return (
    <ChatPage
      key={chatUserID}
      chatWith={chatUserID}
      lessons={({ open, partnerName }) => (
        <>
          <LessonsPanel chatWith={chatUserID} partnerName={partnerName} open={open} />
          {/* Written reviews once the chat is finished (the form renders nothing before). */}
          {!open && <ReviewForm chatWith={chatUserID} partnerName={partnerName} />}
        </>
      )}
    />
  );
}
