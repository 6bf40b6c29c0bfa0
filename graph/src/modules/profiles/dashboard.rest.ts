import { Router } from "express";
import { assertSelf, route } from "../../server/rest-kit.js";
import type { Services } from "../../services.js";
import { AppError, badInput, notFound } from "../../shared/errors.js";
import { type FeedPage, SEARCH_LIMIT, type SearchFilter } from "./feed.service.js";
import { restFeedItem, restOwnUser } from "./rest-shapes.js";

async function ownUser(services: Services, id: string) {
  const own = await services.profiles.profileWithRow(id);
  if (!own) throw notFound("User not found");
  return restOwnUser(own.profile, own.row);
}

const feedItems = (page: Pick<FeedPage, "users" | "skills">) => page.users.map((u) => restFeedItem(u, page.skills.get(u.id)));

/** GET /dashboard (feed page or just the user) and POST /dashboard/search, spec section 7. */
export function dashboardRest(services: Services, r: Router = Router()): Router {

  r.get(
    "/dashboard",
    route(services, async (req, ctx) => {
      const claimed = typeof req.query.userId === "string" ? req.query.userId : undefined;
      // An id that names nobody answers 404 (the old client then goes to /register).
      if (ctx.user && claimed && claimed !== ctx.user.id && !(await services.profiles.findUser(claimed))) {
        throw notFound("User not found");
      }
      const me = assertSelf(ctx, claimed);
      const user = await ownUser(services, me);
      if (req.query.skip === undefined) return { user };
      const skip = String(req.query.skip);
      if (!/^\d{1,6}$/.test(skip)) throw badInput("skip must be a whole number of 0 or more");
      try {
        return { feed: feedItems(await services.feed.pageBySkip(me, Number(skip))), user, error: "" };
      } catch (e) {
        if (e instanceof AppError && e.code === "DETAILS_NOT_FILLED") return { feed: [], user, error: "not filled details" };
        throw e;
      }
    }),
  );

  r.post(
    "/dashboard/search",
    route(services, async (req, ctx) => {
      const me = assertSelf(ctx, undefined);
      const body = (req.body ?? {}) as { searchQuery?: unknown; selectedFilter?: unknown };
      const filter = (typeof body.selectedFilter === "string" && body.selectedFilter ? body.selectedFilter : "name") as SearchFilter;
      const query = typeof body.searchQuery === "string" ? body.searchQuery : "";
      const page = await services.feed.search(me, query, filter, { first: SEARCH_LIMIT });
      return { feed: feedItems(page) };
    }),
  );

  return r;
}
