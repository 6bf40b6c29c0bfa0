import { useQuery } from "@apollo/client/react";
import { useState } from "react";
import { ActionFeedback } from "../../../components/ui/ActionFeedback";
import { Button, ButtonLink } from "../../../components/ui/Button";
import { CoinsIcon, SwapIcon } from "../../../components/ui/icons";
import { SwapAvailabilityDocument } from "../../../gql/graphql";
import { useToken } from "../../../lib/auth";
import { paths } from "../../../lib/paths";
import { useCurrentPath } from "../../../lib/session";
import { useActionFeedback } from "../../../lib/use-action-feedback";
import { PayDialog } from "./PayDialog";
import styles from "./RequestDialogs.module.css";
import { SwapDialog } from "./SwapDialog";
import { WithdrawAcceptance } from "./WithdrawAcceptance";

export interface RequestButtonsProps {
  /** The student whose profile this is (never the caller). */
  userId: string;
  userName: string;
  /** Their coins per course, to prefill the Pay popup. */
  defaultCoins?: number;
}

/**
 * The Swap and Pay buttons of another student's profile with their popups. Both are disabled,
 * with the reason beside them, whenever the server would refuse a request (a chat with that student
 * exists, either blocked the other, they cannot take requests): the popup could only say so after the
 * student had filled it. A visitor who
 * is not signed in (a profile link is public) gets the same two buttons leading to sign-in, and
 * back to this profile afterwards.
 */
export function RequestButtons(props: RequestButtonsProps) {
  return useToken() ? <SignedInRequestButtons {...props} /> : <SignInToRequest userName={props.userName} />;
}

function SignInToRequest({ userName }: { userName: string }) {
  const signIn = paths.loginFor(useCurrentPath());
  return (
    <div className={styles.wrap}>
      <div className={styles.buttons}>
        <ButtonLink to={signIn} startIcon={<SwapIcon size={18} />}>
          Swap
        </ButtonLink>
        <ButtonLink to={signIn} variant="secondary" startIcon={<CoinsIcon size={18} />}>
          Pay
        </ButtonLink>
      </div>
      <p className={styles.note}>
        Sign in to swap with or pay <span dir="auto">{userName}</span>.
      </p>
    </div>
  );
}

function SignedInRequestButtons({ userId, userName, defaultCoins }: RequestButtonsProps) {
  const availability = useQuery(SwapAvailabilityDocument, { variables: { userId }, fetchPolicy: "cache-and-network" });
  const [open, setOpen] = useState<"swap" | "pay" | null>(null);
  // A fresh popup (empty choices) each time it opens.
  const [round, setRound] = useState(0);
  // The answer to the last request, shown at the bottom of the screen (the buttons may be far up).
  const answer = useActionFeedback();
  const sent = answer.feedback?.variant === "success";
  const a = availability.data?.swapAvailability;
  const hasChat = a?.hasChat ?? false;
  // An open request between the two is said beside them, and Swap and Pay stay: their popup answers it in the spec's
  // words ("Swap request already sent to the user and waiting for his response.").
  const refused = a?.canRequest === false && !a.openRequest;

  const show = (which: "swap" | "pay") => {
    answer.clear();
    setRound((r) => r + 1);
    setOpen(which);
  };
  const onSent = (message: string) => {
    setOpen(null);
    answer.show({ variant: "success", text: message });
    void availability.refetch();
  };

  return (
    <div className={styles.wrap}>
      <div className={styles.buttons}>
        <Button onClick={() => show("swap")} disabled={refused} startIcon={<SwapIcon size={18} />} aria-haspopup="dialog">
          Swap
        </Button>
        <Button
          variant="secondary"
          onClick={() => show("pay")}
          disabled={refused}
          startIcon={<CoinsIcon size={18} />}
          aria-haspopup="dialog"
        >
          Pay
        </Button>
      </div>
      {hasChat ? (
        <p className={styles.note}>
          You already have a chat with <span dir="auto">{userName}</span>.
        </p>
      ) : a?.openRequest && !sent && a.openRequest.requester.id === userId && a.openRequest.status === "AWAITING_PAYMENT" ? (
        <WithdrawAcceptance
          requestId={a.openRequest.id}
          learnerName={userName}
          onWithdrawn={() => onSent(`You withdrew your acceptance. ${userName} has been told.`)}
          onStart={answer.clear}
          onFailed={(text) => answer.show({ variant: "danger", text })}
        />
      ) : a?.openRequest && !sent ? (
        <p className={styles.note}>
          {a.openRequest.requester.id === userId
            ? `${userName} sent you a request: answer it in your notifications.`
            : "Your request is waiting for an answer."}
        </p>
      ) : refused && a.reason ? (
        // Blocked, not verified, suspended: in the server's words.
        <p className={styles.note}>{a.reason}</p>
      ) : null}
      <ActionFeedback feedback={answer.feedback} onDismiss={answer.clear} />
      <SwapDialog
        key={`swap-${round}`}
        open={open === "swap"}
        onClose={() => setOpen(null)}
        userId={userId}
        userName={userName}
        onSent={onSent}
      />
      <PayDialog
        key={`pay-${round}`}
        open={open === "pay"}
        onClose={() => setOpen(null)}
        userId={userId}
        userName={userName}
        onSent={onSent}
        defaultCoins={defaultCoins}
      />
    </div>
  );
}
