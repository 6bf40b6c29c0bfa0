import { useSearchParams } from "react-router";
import { safeReturnPath } from "../../../lib/session";
import { paths } from "../../../lib/paths";

/**
 * Where a student who came to buy coins goes back to (`/skill-coins?returnTo=/path`, e.g. from
 * a pay request they could not afford), with the label of the way back; null when they came
 * on their own. Only paths of this site are followed.
 */
export function useReturnTo(): ReturnTarget | null {
  const [params] = useSearchParams();
  return returnTarget(params.get("returnTo"));
}

export interface ReturnTarget {
  path: string;
  label: string;
}

export function returnTarget(raw: string | null | undefined): ReturnTarget | null {
  const path = safeReturnPath(raw);
  if (!path) return null;
  return { path, label: /\/notifications(\?|#|$)/.test(path) ? "Back to Notifications" : "Go back" };
}

/** /skill-coins, keeping the way back. */
export const coinsPath = (back: ReturnTarget | null) => paths.skillCoins(back?.path);
