import { type FormEvent, useState } from "react";
import { Alert } from "../../../components/ui/Alert";
import { FormDialog } from "../../../components/ui/FormDialog";
import { TextField } from "../../../components/ui/TextField";
import { useFormAction } from "../../../lib/use-form-action";

interface MeetingLinkDialogProps {
  current: string | null;
  onClose: () => void;
  /** Resolves when saved; rejects with the server's reason. */
  onSave: (link: string) => Promise<void>;
}

/** The prompt for the meeting link (an accessible dialog, not window.prompt). Mount it to open it. */
export function MeetingLinkDialog({ current, onClose, onSave }: MeetingLinkDialogProps) {
  const [link, setLink] = useState(current ?? "");
  const { error, busy, run } = useFormAction();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await run(async () => {
      await onSave(link.trim());
      onClose();
    });
  };
  return (
    <FormDialog
      open
      onClose={onClose}
      size="sm"
      title="Meeting link"
      description="Paste the link of your video call, e.g. Google Meet or Zoom. You both see it in this chat."
      onSubmit={submit}
      submitLabel="Save link"
      busy={busy}
      busyLabel="Saving..."
    >
      <TextField
        label="Link"
        name="meetingLink"
        inputMode="url"
        placeholder="meet.google.com/abc-defg-hij"
        value={link}
        onChange={(e) => setLink(e.target.value)}
        autoFocus
        autoComplete="off"
        hint="Only http and https links. Leave it empty to remove the link."
      />
      {error && <Alert variant="danger">{error}</Alert>}
    </FormDialog>
  );
}
