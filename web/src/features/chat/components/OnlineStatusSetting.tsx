import { useMutation, useQuery } from "@apollo/client/react";
import { Alert } from "../../../components/ui/Alert";
import { PresenceSettingsDocument, SetOnlineStatusVisibleDocument } from "../../../gql/graphql";
import { useFormAction } from "../../../lib/use-form-action";
import styles from "./OnlineStatusSetting.module.css";

/** The switch that shows or hides the student's online status from their chat partners (saved at once). */
export function OnlineStatusSetting() {
  const settings = useQuery(PresenceSettingsDocument, { fetchPolicy: "cache-and-network" });
  const [save] = useMutation(SetOnlineStatusVisibleDocument);
  const action = useFormAction();
  const visible = settings.data?.presenceSettings.onlineStatusVisible;
  if (visible === undefined) return null;
  return (
    <section className={styles.section} aria-labelledby="online-status-title">
      <h2 id="online-status-title" className={styles.title}>
        Online status
      </h2>
      <label className={styles.row}>
        <input
          type="checkbox"
          checked={visible}
          disabled={action.busy}
          onChange={(e) => {
            const next = e.target.checked;
            void action.run(() => save({ variables: { visible: next } }), {
              fallback: "Your online status setting could not be saved.",
              success: next ? "Your chat partners can see when you are online." : "Your online status is hidden.",
            });
          }}
        />
        <span>Show my chat partners when I am online</span>
      </label>
      {action.error && (
        <Alert variant="danger" role="alert">
          {action.error}
        </Alert>
      )}
      {action.success && (
        <Alert variant="success" role="status">
          {action.success}
        </Alert>
      )}
    </section>
  );
}
