import { useMutation, useQuery } from "@apollo/client/react";
import { useEffect, useRef, useState } from "react";
import { ActionFeedback } from "../../../components/ui/ActionFeedback";
import { Alert } from "../../../components/ui/Alert";
import { Badge } from "../../../components/ui/Badge";
import { Button } from "../../../components/ui/Button";
import { LoadError } from "../../../components/ui/LoadError";
import { LoadingBlock } from "../../../components/ui/Spinner";
import { PushDevicesDocument, PushPublicKeyDocument, RemovePushDeviceDocument, SubscribePushDeviceDocument } from "../../../gql/graphql";
import { formatDate } from "../../../lib/format-date";
import { errorText, UserFacingError } from "../../../lib/graphql-errors";
import { nodesOf } from "../../../lib/connection";
import { useActionFeedback } from "../../../lib/use-action-feedback";
import { type BrowserPush, browserPush, NoServiceWorkerError } from "../utils/push";
import styles from "./PushDevices.module.css";

export const PUSH_TEXTS = {
  unsupported:
    "This browser cannot show push notifications. On an iPhone or iPad, add Skill Exchange to your Home Screen and open it from there.",
  denied:
    "Notifications are blocked for Skill Exchange in this browser. Allow them in the browser's site settings, then turn push on here.",
  dismissed: "Push stays off: the browser was not given permission to show notifications.",
  noWorker: "Push needs the app's background service, which has not started in this tab yet. Reload the page and try again.",
  subscribeFailed: "This browser could not subscribe to push notifications",
  on: "Push is on for this device.",
  off: "Push is off for this device.",
  turnedOn: "Push is on for this device. You will get notifications here even when Skill Exchange is closed.",
  turnedOff: "Push was turned off for this device.",
  none: "Push is not on for any of your devices.",
};

/**
 * "Push notifications on this device": turns push on or off for the browser the page runs in (the
 * permission prompt only ever follows the student's click) and lists every device with push on,
 * each with a Remove button. Says why when the browser cannot do push or the permission is blocked.
 */
export function PushDevices({
  browser = browserPush,
}: { /** The browser's push API (tests pass their own). */ browser?: BrowserPush } = {}) {
  const supported = browser.supported();
  const devices = useQuery(PushDevicesDocument, { fetchPolicy: "cache-and-network" });
  const key = useQuery(PushPublicKeyDocument, { skip: !supported });
  const [subscribeDevice] = useMutation(SubscribePushDeviceDocument);
  const [removeDevice] = useMutation(RemovePushDeviceDocument);
  const [thisEndpoint, setThisEndpoint] = useState<string | null | undefined>(supported ? undefined : null);
  const [permission, setPermission] = useState<NotificationPermission>(supported ? browser.permission() : "default");
  const [busy, setBusy] = useState(false);
  // The student blocked notifications at the prompt just now: the note that replaces the button says so, aloud.
  const [deniedNow, setDeniedNow] = useState(false);
  // It replaces the button that had focus: focus moves to it, not to the page's start.
  const deniedNote = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (deniedNow) deniedNote.current?.focus();
  }, [deniedNow]);
  // The answer to turning push on or off, at the bottom of the screen.
  const answer = useActionFeedback();

  useEffect(() => {
    if (!supported) return;
    let live = true;
    browser.currentEndpoint().then(
      (endpoint) => live && setThisEndpoint(endpoint),
      () => live && setThisEndpoint(null),
    );
    return () => {
      live = false;
    };
  }, [browser, supported]);

  const list = devices.data ? nodesOf(devices.data.pushDevices) : [];
  const current = list.find((d) => d.endpoint === thisEndpoint);

  /** Runs `work`; its text (none: the page itself shows the outcome) or its failure goes to the answer bar. */
  async function act(work: () => Promise<string | null>) {
    setBusy(true);
    answer.clear();
    try {
      const text = await work();
      if (text) answer.show({ variant: "success", text });
    } catch (err) {
      answer.show({ variant: "danger", text: errorText(err) });
    } finally {
      setBusy(false);
    }
  }

  const turnOn = () =>
    act(async () => {
      const granted = await browser.requestPermission();
      setPermission(granted);
      if (granted === "denied") {
        setDeniedNow(true);
        return null;
      }
      if (granted !== "granted") throw new UserFacingError(PUSH_TEXTS.dismissed);
      const publicKey = key.data?.pushPublicKey ?? (await key.refetch()).data?.pushPublicKey;
      if (!publicKey) throw new UserFacingError(`${PUSH_TEXTS.subscribeFailed}. Please try again.`);
      let subscription: Awaited<ReturnType<BrowserPush["subscribe"]>>;
      try {
        subscription = await browser.subscribe(publicKey);
      } catch (err) {
        if (err instanceof NoServiceWorkerError) throw new UserFacingError(PUSH_TEXTS.noWorker);
        // DOMExceptions (AbortError: the push service could not be reached, ...) carry the browser's reason.
        const message = (err as { message?: unknown } | null)?.message;
        const reason = typeof message === "string" && message ? ` (${message})` : "";
        throw new UserFacingError(`${PUSH_TEXTS.subscribeFailed}${reason}. Please try again later.`);
      }
      await subscribeDevice({ variables: { subscription: { ...subscription, userAgent: browser.userAgent() } } });
      setThisEndpoint(subscription.endpoint);
      await devices.refetch();
      return PUSH_TEXTS.turnedOn;
    });

  const remove = (id: string, isThis: boolean) =>
    act(async () => {
      await removeDevice({ variables: { id } });
      if (isThis) {
        await browser.unsubscribe().catch(() => undefined);
        setThisEndpoint(null);
      }
      await devices.refetch();
      return isThis ? PUSH_TEXTS.turnedOff : "The device was removed.";
    });

  return (
    <section className={styles.section} aria-labelledby="push-devices-title">
      <h2 id="push-devices-title" className={styles.title}>
        Push notifications on this device
      </h2>
      {!supported ? (
        <Alert variant="info" role="note">
          {PUSH_TEXTS.unsupported}
        </Alert>
      ) : permission === "denied" && !current ? (
        <Alert variant="warning" role={deniedNow ? "alert" : "note"} ref={deniedNote} tabIndex={-1}>
          {PUSH_TEXTS.denied}
        </Alert>
      ) : (
        <div className={styles.state}>
          <p className={styles.stateText}>{current ? PUSH_TEXTS.on : PUSH_TEXTS.off}</p>
          {current ? (
            <Button variant="secondary" disabled={busy} onClick={() => void remove(current.id, true)}>
              {busy ? "Turning off..." : "Turn off on this device"}
            </Button>
          ) : (
            <Button disabled={busy || thisEndpoint === undefined || !devices.data} onClick={() => void turnOn()}>
              {busy ? "Turning on..." : "Turn on push for this device"}
            </Button>
          )}
        </div>
      )}
      <ActionFeedback feedback={answer.feedback} onDismiss={answer.clear} />
      <h3 className={styles.subtitle}>Your devices with push on</h3>
      {devices.data ? (
        list.length === 0 ? (
          <p className={styles.muted}>{PUSH_TEXTS.none}</p>
        ) : (
          <ul className={styles.list}>
            {list.map((d) => {
              const isThis = d.endpoint === thisEndpoint;
              return (
                <li key={d.id} className={styles.device}>
                  <div className={styles.deviceText}>
                    <span className={styles.deviceName}>
                      {d.label} {isThis && <Badge tone="accent">This device</Badge>}
                    </span>
                    <span className={styles.muted}>
                      Added {formatDate(d.createdAt)}
                      {" · "}
                      {d.lastUsedAt ? `last notified ${formatDate(d.lastUsedAt, "recent")}` : "no notification yet"}
                    </span>
                  </div>
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={busy}
                    aria-label={`Remove ${d.label}${isThis ? " (this device)" : ""}`}
                    onClick={() => void remove(d.id, isThis)}
                  >
                    Remove
                  </Button>
                </li>
              );
            })}
          </ul>
        )
      ) : devices.error ? (
        <LoadError message="Your devices could not be loaded." onRetry={() => devices.refetch()} />
      ) : (
        <LoadingBlock label="Loading..." />
      )}
    </section>
  );
}
