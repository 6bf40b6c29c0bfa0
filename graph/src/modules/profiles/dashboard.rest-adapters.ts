import { AppError, forbidden, notFound } from "../../shared/errors.js";
import type { DirectoryFilters } from "./directory-filters.js";
import type { FeedPage, FeedService } from "./feed.service.js";
import { inOrder } from "./feed-page.js";
import type { ProfileRow, ProfilesService, PublicProfile } from "./profiles.service.js";

export interface DashboardAnswer {
  own: { row: ProfileRow; profile: PublicProfile };
  /** With `skip` and a filled profile: the page's cards in order. */
  feed: Pick<FeedPage, "users" | "skills"> | null;
  detailsFilled: boolean;
  /** Filtered: the walk's budget ran out before the page was full; the next skip keeps looking. */
  keepLooking: boolean;
}

/**
 * The old client's dashboard (REST GET /dashboard): the caller's own profile and, with `skip`, a
 * feed page (FeedService.pageAt, the viewer's card and facts read with the page's). `claimedId`
 * (its `userId`) must be the caller: an id that names nobody is NOT_FOUND (the client then goes to
 * /register), anyone else's FORBIDDEN. A profile that is not filled yet gets no feed and
 * `detailsFilled: false` (the client goes to /p), with or without `skip`.
 */
export async function dashboard(
  s: {
    feed: Pick<FeedService, "pageAt">;
    profiles: Pick<ProfilesService, "findUser" | "profileWithRow" | "isDetailsFilled" | "cardsByIds">;
  },
  me: string,
  claimedId: string | undefined,
  skip: number | undefined,
  filters: DirectoryFilters | Record<string, unknown> | null,
): Promise<DashboardAnswer> {
  if (claimedId && claimedId !== me)
    throw (await s.profiles.findUser(claimedId)) ? forbidden("That id is not yours") : notFound("User not found");
  if (skip === undefined) {
    const own = await s.profiles.profileWithRow(me);
    if (!own) throw notFound("User not found");
    return { own, feed: null, detailsFilled: Boolean(await s.profiles.isDetailsFilled(me)), keepLooking: false };
  }
  const page = await s.feed.pageAt(me, { skip, filters, withViewer: true }).catch((e: unknown) => {
    if (e instanceof AppError && e.code === "DETAILS_NOT_FILLED") return null;
    throw e;
  });
  const own = await s.profiles.profileWithRow(me, page?.cards ?? (await s.profiles.cardsByIds([me])), page?.viewer);
  if (!own) throw notFound("User not found");
  if (!page) return { own, feed: null, detailsFilled: false, keepLooking: false };
  return { own, feed: inOrder(page.ids, page.cards), detailsFilled: true, keepLooking: page.keepLooking };
}
