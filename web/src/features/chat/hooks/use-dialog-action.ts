import { useState } from "react";
import { errorText } from "../../../lib/graphql-errors";

/**
 * A chat dialog's submit: busy while the page's action runs; when it fails, the server's
 * reason shows and the dialog can be sent again. On success the page unmounts the dialog.
 */
export function useDialogAction() {
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  async function run(action: () => Promise<void>) {
    setSaving(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(errorText(e));
      setSaving(false);
    }
  }
  return { error, setError, saving, run };
}
