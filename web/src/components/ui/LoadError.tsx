import { Alert } from "./Alert";
import { Button } from "./Button";

export interface LoadErrorProps {
  /** What could not load, e.g. "Your chats could not be loaded." */
  message: string;
  /** Runs again what failed (usually a query's refetch). */
  onRetry: () => unknown;
}

/** The danger alert a page or section shows when its data could not load, with a Try again button. */
export function LoadError({ message, onRetry }: LoadErrorProps) {
  return (
    <Alert variant="danger" title={message}>
      <Button variant="secondary" size="sm" onClick={() => void onRetry()}>
        Try again
      </Button>
    </Alert>
  );
}
