import { Navigate, useParams } from "react-router";
import { AccountDataPanel } from "../../features/accounts/components/AccountDataPanel";
import { UserProfilePage } from "../../features/profiles/components/UserProfilePage";
import { ReviewList } from "../../features/reviews/components/ReviewList";
import { ReviewsAboutYou } from "../../features/reviews/components/ReviewsAboutYou";
import { RequestButtons } from "../../features/swaps/components/RequestButtons";
import { tokenSubject, useToken } from "../../lib/auth";
import { paths } from "../../lib/paths";

/**
 * /user/:userID/:currentID/:gender. currentID "undefined" -> /register; gender "undefined" -> /p.
 * Swap and Pay (someone else's profile) come from the swaps feature: they open its popups and
 * are disabled while a chat with that student exists.
 */
export function Component() {
  const { userID = "", currentID = "", gender = "" } = useParams();
  // A profile link is public; what only the signed-in viewer may see or do asks a visitor to sign in.
  const token = useToken();
  // Who is looking comes from the session, never from the address: a shared link carries its sharer's
  // currentID, and the page must not be the sharer's own to whoever opens it (the API decides every
  // action by the token in any case).
  const viewerId = token ? tokenSubject(token) : null;
  const own = viewerId !== null && viewerId === userID;
  if (currentID === "undefined" || !currentID) return <Navigate to={paths.register} replace />;
  if (gender === "undefined") return <Navigate to={paths.profileDetails} replace />;
  return (
    <UserProfilePage
      userId={userID}
      currentId={viewerId ?? currentID}
      own={own}
      gender={gender}
      actions={(user) => <RequestButtons userId={user.id} userName={user.name} defaultCoins={user.amount} />}
      ownPanel={<AccountDataPanel userId={userID} />}
      reviews={(user) =>
        own ? (
          <ReviewsAboutYou viewerId={userID} viewerGender={gender} />
        ) : (
          <ReviewList userId={user.id} name={user.name} viewerId={viewerId ?? currentID} viewerGender={gender} />
        )
      }
    />
  );
}
