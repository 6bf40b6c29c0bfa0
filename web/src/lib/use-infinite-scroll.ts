import { type RefObject, useCallback, useEffect } from "react";

/** Spec sections 4 and 9: the next page loads when the scroll box is within 30px of its bottom. */
export const SCROLL_THRESHOLD_PX = 30;

/**
 * Calls `loadMore` when the box is scrolled near its end, and when the items loaded so far
 * do not fill the box (nothing to scroll yet, but more to show). Returns the scroll handler.
 */
export function useInfiniteScroll(
  box: RefObject<HTMLElement | null>,
  opts: { hasMore: boolean; loading: boolean; loadMore: () => void; itemCount: number },
) {
  const { hasMore, loading, loadMore, itemCount } = opts;
  const check = useCallback(() => {
    const el = box.current;
    if (!el || !hasMore || loading) return;
    if (el.scrollHeight - el.scrollTop - el.clientHeight <= SCROLL_THRESHOLD_PX) loadMore();
  }, [box, hasMore, loading, loadMore]);

  useEffect(() => {
    check();
  }, [check, itemCount]);

  return check;
}
