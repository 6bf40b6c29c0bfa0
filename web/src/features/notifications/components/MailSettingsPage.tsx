import { useMutation, useQuery } from "@apollo/client/react";
import { type FormEvent, type ReactNode, useState } from "react";
import { Navigate } from "react-router";
import { MAIL_MODE_LABELS, MAIL_SETTINGS_MESSAGES } from "../../../../../common/notifications";
import { Page } from "../../../components/layouts/Page";
import { ActionFeedback } from "../../../components/ui/ActionFeedback";
import { Alert } from "../../../components/ui/Alert";
import { Button, ButtonLink } from "../../../components/ui/Button";
import { ArrowLeftIcon } from "../../../components/ui/icons";
import { LeaveGuard } from "../../../components/ui/LeaveGuard";
import { LoadError } from "../../../components/ui/LoadError";
import { PageHeader } from "../../../components/ui/PageHeader";
import { Select } from "../../../components/ui/Select";
import { LoadingBlock } from "../../../components/ui/Spinner";
import {
  NotificationMailSettingsDocument,
  type NotificationMailKind,
  type NotificationMailMode,
  NotificationPushSettingsDocument,
  type NotificationPushKind,
  UpdateNotificationMailSettingsDocument,
  UpdateNotificationPushSettingsDocument,
} from "../../../gql/graphql";
import { errorCode, errorText } from "../../../lib/graphql-errors";
import { paths } from "../../../lib/paths";
import { useActionFeedback } from "../../../lib/use-action-feedback";
import styles from "./MailSettingsPage.module.css";
import { PushDevices } from "./PushDevices";

/** The schema's modes with the words the page shows; typed so a mode the schema adds is a compile error. */
const MODE_TEXT: Record<NotificationMailMode, string> = {
  OFF: MAIL_MODE_LABELS.off,
  INSTANT: MAIL_MODE_LABELS.instant,
  DIGEST: MAIL_MODE_LABELS.digest,
};
const MODE_OPTIONS = (Object.keys(MODE_TEXT) as NotificationMailMode[]).map((value) => ({ value, label: MODE_TEXT[value] }));
const isMode = (v: string): v is NotificationMailMode => Object.hasOwn(MODE_TEXT, v);

/**
 * /settings/notifications: per kind of notification, whether it also comes by mail at once, in
 * the daily digest, or not at all (it always shows in the app), and whether it is pushed to the
 * devices the student turned push on for (PushDevices, above the kinds).
 */
export function MailSettingsPage({
  extra,
}: { /** Other features' settings, shown below the mail settings (the route composes them). */ extra?: ReactNode } = {}) {
  const settings = useQuery(NotificationMailSettingsDocument, { fetchPolicy: "cache-and-network" });
  const pushSettings = useQuery(NotificationPushSettingsDocument, { fetchPolicy: "cache-and-network" });
  const [save, saving] = useMutation(UpdateNotificationMailSettingsDocument);
  const [savePush, savingPush] = useMutation(UpdateNotificationPushSettingsDocument);
  const [draft, setDraft] = useState<Partial<Record<NotificationMailKind, NotificationMailMode>>>({});
  const [pushDraft, setPushDraft] = useState<Partial<Record<NotificationPushKind, boolean>>>({});
  // Save's answer, at the bottom of the screen: below the button it fell off a phone's screen.
  const answer = useActionFeedback();

  if (errorCode(settings.error) === "UNAUTHENTICATED") return <Navigate to={paths.register} replace />;
  const list = settings.data?.notificationMailSettings ?? [];
  const pushList = pushSettings.data?.notificationPushSettings ?? [];
  const pushOf = new Map(pushList.map((p) => [p.kind as string, p]));
  // Kinds pushed but not mailed by choice (lessons: their invitations always come by mail).
  const pushOnly = pushList.filter((p) => !list.some((s) => s.kind === p.kind));
  const busy = saving.loading || savingPush.loading;
  // What differs from what the server has: what Save sends, and what leaving the page unsaved would lose.
  const changes = list.filter((s) => draft[s.kind] && draft[s.kind] !== s.mode).map((s) => ({ kind: s.kind, mode: draft[s.kind]! }));
  const pushChanges = pushList
    .filter((p) => pushDraft[p.kind] !== undefined && pushDraft[p.kind] !== p.enabled)
    .map((p) => ({ kind: p.kind, enabled: pushDraft[p.kind]! }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    answer.clear();
    try {
      if (changes.length) await save({ variables: { settings: changes } });
      setDraft({});
      if (pushChanges.length) await savePush({ variables: { settings: pushChanges } });
      setPushDraft({});
      answer.show({ variant: "success", text: MAIL_SETTINGS_MESSAGES.saved });
    } catch (err) {
      answer.show({ variant: "danger", text: errorText(err) });
    }
  }

  return (
    <Page width="narrow">
      <title>Notification settings · Skill Exchange</title>
      <LeaveGuard dirty={changes.length + pushChanges.length > 0 && !busy} what="your changes to these settings" />
      <PageHeader
        back={
          <ButtonLink to={paths.dashboard()} variant="ghost" size="sm" startIcon={<ArrowLeftIcon size={16} />}>
            Back
          </ButtonLink>
        }
        title="Notification settings"
        description="Every notification shows here in the app. Choose which ones also come to your college mail: at once, in one daily digest, or not at all, and which ones are pushed to your devices."
      />
      <div className={styles.body}>
        <PushDevices />
        {settings.data ? (
          <form onSubmit={submit} className={styles.body} aria-labelledby="kinds-title">
            <h2 id="kinds-title" className={styles.sectionTitle}>
              Mail and push for each notification
            </h2>
            {list.map((s) => {
              const push = pushOf.get(s.kind);
              return (
                <div key={s.kind} className={styles.kind}>
                  <Select
                    label={s.label}
                    options={MODE_OPTIONS}
                    value={draft[s.kind] ?? s.mode}
                    onChange={(e) => {
                      const mode = e.target.value;
                      if (isMode(mode)) setDraft((d) => ({ ...d, [s.kind]: mode }));
                    }}
                  />
                  {push && (
                    <PushToggle
                      kind={push.kind}
                      label={push.label}
                      checked={pushDraft[push.kind] ?? push.enabled}
                      onChange={(on) => setPushDraft((d) => ({ ...d, [push.kind]: on }))}
                    />
                  )}
                </div>
              );
            })}
            {pushOnly.map((p) => (
              <div key={p.kind} className={styles.kind}>
                <div>
                  <p className={styles.kindLabel} id={`push-kind-${p.kind}`}>
                    {p.label}
                  </p>
                  <p className={styles.hint}>Invitations and reminders always come by mail.</p>
                </div>
                <PushToggle
                  kind={p.kind}
                  label={p.label}
                  checked={pushDraft[p.kind] ?? p.enabled}
                  onChange={(on) => setPushDraft((d) => ({ ...d, [p.kind]: on }))}
                />
              </div>
            ))}
            {pushSettings.error && !pushSettings.data && (
              <Alert variant="warning">Your push choices could not be loaded; the mail settings can still be saved.</Alert>
            )}
            <div>
              <Button type="submit" disabled={busy}>
                {busy ? "Saving..." : "Save"}
              </Button>
            </div>
          </form>
        ) : settings.error ? (
          <LoadError message="Your mail settings could not be loaded." onRetry={() => settings.refetch()} />
        ) : (
          <LoadingBlock label="Loading..." />
        )}
        {extra}
      </div>
      <ActionFeedback feedback={answer.feedback} onDismiss={answer.clear} />
    </Page>
  );
}

/** The per-kind push switch beside a kind's mail mode; its group is named by the kind. */
function PushToggle({
  kind,
  label,
  checked,
  onChange,
}: {
  kind: string;
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <label className={styles.push}>
      <input type="checkbox" checked={checked} aria-describedby={`push-for-${kind}`} onChange={(e) => onChange(e.target.checked)} />
      <span>Push</span>
      <span id={`push-for-${kind}`} hidden>
        {label}
      </span>
    </label>
  );
}
