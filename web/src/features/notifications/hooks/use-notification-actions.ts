import type { ApolloCache } from "@apollo/client";
import { useApolloClient, useMutation } from "@apollo/client/react";
import { useState } from "react";
import {
  DashboardCountsDocument,
  type NotificationFieldsFragment,
  NotificationsDocument,
  AcceptRequestDocument,
  DismissNotificationDocument,
  PayAcceptedRequestDocument,
  RejectRequestDocument,
} from "../../../gql/graphql";
import { errorText, errorCode, errorReason } from "../../../lib/graphql-errors";

/** `buyCoins`: the learner is short of coins; the notice links to buying them (and back here). */
export type Notice = { variant: "success" | "danger"; text: string; chatWith?: string; buyCoins?: boolean };
type N = NotificationFieldsFragment;

/** Takes the acted-on card out at once; the refetch below then brings the server's list. */
function removeFromCache(cache: ApolloCache, n: N) {
  cache.evict({ id: cache.identify({ __typename: "Notification", id: n.id }) });
  cache.gc();
}

/**
 * Refetched after an action: the list, and the counts the shell's badges show. Apollo refetches only
 * queries a mounted component is watching, so this names the shell's own query (account-nav.tsx).
 */
const refetchQueries = [NotificationsDocument, DashboardCountsDocument];

/** Accept / Reject / Pay / Ok on a notification, with the notice to show afterwards. */
export function useNotificationActions() {
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const client = useApolloClient();
  const options = { refetchQueries, awaitRefetchQueries: true };
  const [accept] = useMutation(AcceptRequestDocument, options);
  const [reject] = useMutation(RejectRequestDocument, options);
  const [pay] = useMutation(PayAcceptedRequestDocument, options);
  const [dismiss] = useMutation(DismissNotificationDocument, options);

  async function run(n: N, work: () => Promise<Notice | null>) {
    if (busy) return;
    setBusy(n.id);
    setNotice(null);
    try {
      setNotice(await work());
    } catch (error) {
      setNotice({ variant: "danger", text: errorText(error), buyCoins: errorReason(error) === "NOT_ENOUGH_COINS" });
      // Answered elsewhere meanwhile (another tab, the other student): show the list as it is now.
      const code = errorCode(error);
      // Awaited, so the card stays busy until the list is current (a second click can't race the refetch).
      if (code === "CONFLICT" || code === "NOT_FOUND")
        await Promise.resolve(client.refetchQueries({ include: refetchQueries })).catch(() => undefined);
    } finally {
      setBusy(null);
    }
  }

  const refOf = (n: N) => n.refId ?? "";

  return {
    notice,
    clearNotice: () => setNotice(null),
    busy,
    accept: (n: N) =>
      run(n, async () => {
        const r = await accept({ variables: { id: refOf(n) }, update: (cache) => removeFromCache(cache, n) });
        const done = r.data?.acceptRequest;
        return done?.kind === "PAY"
          ? { variant: "success", text: `You accepted ${n.notifier.name}'s pay request. They can now pay to start.` }
          : { variant: "success", text: `You accepted ${n.notifier.name}'s swap request. Your chat is open.`, chatWith: n.notifier.id };
      }),
    reject: (n: N) =>
      run(n, async () => {
        await reject({ variables: { id: refOf(n) }, update: (cache) => removeFromCache(cache, n) });
        return { variant: "success", text: `Request rejected. ${n.notifier.name} is blocked from your view.` };
      }),
    pay: (n: N) =>
      run(n, async () => {
        const r = await pay({ variables: { id: refOf(n) }, update: (cache) => removeFromCache(cache, n) });
        return { variant: "success", text: r.data?.payAcceptedRequest.message ?? "Payment Successful!!", chatWith: n.notifier.id };
      }),
    ok: (n: N) =>
      run(n, async () => {
        await dismiss({ variables: { id: n.id }, update: (cache) => removeFromCache(cache, n) });
        return null;
      }),
  };
}
