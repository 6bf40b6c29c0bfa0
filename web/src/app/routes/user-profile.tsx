import { Navigate, useParams } from "react-router";
import { AccountDataPanel } from "../../features/accounts/components/AccountDataPanel";
import { UserProfilePage } from "../../features/profiles/components/UserProfilePage";
import { ReviewList } from "../../features/reviews/components/ReviewList";
import { ReviewsAboutYou } from "../../features/reviews/components/ReviewsAboutYou";
import { RequestButtons } from "../../features/swaps/components/RequestButtons";
import { useToken } from "../../lib/auth";
import { paths } from "../../lib/paths";

/**
 * /user/:userID/:currentID/:gender. currentID "undefined" -> /register; gender "undefined" -> /p.
 * Swap and Pay (someone else's profile) come from the swaps feature: they open its popups and
 * are disabled while a chat with that student exists.
 */
export function Component() {
  const { userID = "", currentID = "", gender = "" } = useParams();
  // A profile link is public; what only the signed-in viewer may see or do asks a visitor to sign in.
  const signedIn = useToken() !== null;
  if (currentID === "undefined" || !currentID) return <Navigate to={paths.register} replace />;
  if (gender === "undefined") return <Navigate to={paths.profileDetails} replace />;
  return (
    <UserProfilePage
      userId={userID}
      currentId={currentID}
      gender={gender}
      actions={(user) => <RequestButtons userId={user.id} userName={user.name} defaultCoins={user.amount} />}
      signedOut={!signedIn}
      ownPanel={<AccountDataPanel userId={currentID} />}
      reviews={(user) =>
        user.id === currentID && signedIn ? (
          <ReviewsAboutYou viewerId={currentID} viewerGender={gender} />
        ) : (
          <ReviewList userId={user.id} name={user.name} viewerId={currentID} viewerGender={gender} />
        )
      }
    />
  );
}
