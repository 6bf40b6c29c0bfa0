import { useMutation } from "@apollo/client/react";
import { Button } from "../../../components/ui/Button";
import { WithdrawPayAcceptanceDocument } from "../../../gql/graphql";
import { errorText } from "../../../lib/graphql-errors";
import styles from "./RequestDialogs.module.css";

export interface WithdrawAcceptanceProps {
  /** The pay request the caller (its teacher) accepted and the learner has not paid. */
  requestId: string;
  learnerName: string;
  /** After the acceptance is withdrawn (the availability is read again). */
  onWithdrawn: () => void;
  /** Called when the withdrawal starts (the last answer goes) and with the refusal when it fails. */
  onStart: () => void;
  onFailed: (message: string) => void;
}

/** On the learner's profile, the teacher's way out of an acceptance the learner never pays. */
export function WithdrawAcceptance({ requestId, learnerName, onWithdrawn, onStart, onFailed }: WithdrawAcceptanceProps) {
  const [withdraw, { loading }] = useMutation(WithdrawPayAcceptanceDocument);
  const run = async () => {
    onStart();
    try {
      await withdraw({ variables: { id: requestId } });
      onWithdrawn();
    } catch (e) {
      onFailed(errorText(e));
    }
  };
  return (
    <>
      <p className={styles.note}>
        You accepted <span dir="auto">{learnerName}</span>&apos;s pay request: it is waiting for their payment.
      </p>
      <Button variant="secondary" size="sm" onClick={() => void run()} loading={loading} loadingText="Withdrawing...">
        Withdraw acceptance
      </Button>
    </>
  );
}
