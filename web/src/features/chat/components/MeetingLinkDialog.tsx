import { type FormEvent, useId, useState } from "react";
import { Alert } from "../../../components/ui/Alert";
import { Button } from "../../../components/ui/Button";
import { Dialog } from "../../../components/ui/Dialog";
import { TextField } from "../../../components/ui/TextField";
import { actionMessage } from "../utils/errors";
import styles from "./Chat.module.css";

interface MeetingLinkDialogProps {
  current: string | null;
  onClose: () => void;
  /** Resolves when saved; rejects with the server's reason. */
  onSave: (link: string) => Promise<void>;
}

/** The prompt for the meeting link (an accessible dialog, not window.prompt). Mount it to open it. */
export function MeetingLinkDialog({ current, onClose, onSave }: MeetingLinkDialogProps) {
  const formId = useId();
  const [link, setLink] = useState(current ?? "");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      await onSave(link.trim());
      onClose();
    } catch (e) {
      setError(actionMessage(e));
      setSaving(false);
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      size="sm"
      title="Meeting link"
      description="Paste the link of your video call, e.g. Google Meet or Zoom. You both see it in this chat."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={saving} loadingText="Saving...">
            Save link
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} className={styles.dialogForm} noValidate>
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
      </form>
    </Dialog>
  );
}
