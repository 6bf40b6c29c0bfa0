import { useMutation } from "@apollo/client/react";
import { useState } from "react";
import { Alert } from "../../../components/ui/Alert";
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
}

/** On the learner's profile, the teacher's way out of an acceptance the learner never pays. */
export function WithdrawAcceptance({ requestId, learnerName, onWithdrawn }: WithdrawAcceptanceProps) {
  const [withdraw, { loading }] = useMutation(WithdrawPayAcceptanceDocument);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setError(null);
    try {
      await withdraw({ variables: { id: requestId } });
      onWithdrawn();
    } catch (e) {
      setError(errorText(e));
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
      {error && <Alert variant="danger" title={error} onDismiss={() => setError(null)} />}
    </>
  );
}
