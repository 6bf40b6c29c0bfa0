import { useMutation, useQuery } from "@apollo/client/react";
import { ActionFeedback } from "../../../components/ui/ActionFeedback";
import { PresenceSettingsDocument, SetOnlineStatusVisibleDocument } from "../../../gql/graphql";
import { errorText } from "../../../lib/graphql-errors";
import { useActionFeedback } from "../../../lib/use-action-feedback";
import { useFormAction } from "../../../lib/use-form-action";
import styles from "./OnlineStatusSetting.module.css";

/** The switch that shows or hides the student's online status from their chat partners (saved at once). */
export function OnlineStatusSetting() {
  const settings = useQuery(PresenceSettingsDocument, { fetchPolicy: "cache-and-network" });
  const [save] = useMutation(SetOnlineStatusVisibleDocument);
  const action = useFormAction();
  // The switch's answer at the bottom of the screen, with the page's other answers.
  const answer = useActionFeedback();
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
            answer.clear();
            void action.run(
              async () => {
                await save({ variables: { visible: next } });
                answer.show({
                  variant: "success",
                  text: next ? "Your chat partners can see when you are online." : "Your online status is hidden.",
                });
              },
              {
                onError: (err) => {
                  answer.show({ variant: "danger", text: errorText(err, "Your online status setting could not be saved.") });
                  return null;
                },
              },
            );
          }}
        />
        <span>Show my chat partners when I am online</span>
      </label>
      <ActionFeedback feedback={answer.feedback} onDismiss={answer.clear} />
    </section>
  );
}
