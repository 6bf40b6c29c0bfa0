import type { FormEvent, ReactNode } from "react";
import { Alert } from "../../../components/ui/Alert";
import { FormDialog } from "../../../components/ui/FormDialog";
import { Spinner } from "../../../components/ui/Spinner";
import { errorText } from "../../../lib/graphql-errors";
import styles from "./RequestDialogs.module.css";

export interface RequestDialogProps {
  open: boolean;
  onClose: () => void;
  /** The student asked. */
  userId: string;
  userName: string;
  /** Called with the confirmation text once the request is stored. */
  onSent: (message: string) => void;
}

interface RequestFormDialogProps<T> {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The request is being sent. */
  sending: boolean;
  /** The form's options (the skills to pick from) once loaded; Submit waits for them. */
  options: T | undefined;
  /** Why the options could not load. */
  loadError: unknown;
  /** The last problem with the request, above the fields. */
  error: string | null;
  /** The fields, drawn once the options have loaded. */
  children: (options: T) => ReactNode;
}

/** The frame of the Swap and Pay popups: the options load first, then the fields; Submit and Cancel. */
export function RequestFormDialog<T>({
  open,
  onClose,
  title,
  description,
  onSubmit,
  sending,
  options,
  loadError,
  error,
  children,
}: RequestFormDialogProps<T>) {
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      onSubmit={onSubmit}
      submitLabel="Submit"
      busy={sending}
      busyLabel="Sending..."
      submitDisabled={!options}
      formClassName={styles.form}
    >
      {loadError ? (
        <Alert variant="danger" title={errorText(loadError)} />
      ) : !options ? (
        <Spinner showLabel label="Loading skills..." />
      ) : (
        <>
          {error && <Alert variant="danger" title={error} />}
          {children(options)}
        </>
      )}
    </FormDialog>
  );
}
