import { Router } from "express";
import { assertSelf, route } from "../../server/rest-kit.js";
import type { Services } from "../../services.js";
import { AppError } from "../../shared/errors.js";
import type { NotificationView } from "./notifications.types.js";

/** The spec's notification shape: `notifications[i]` is paired with `notifiers[i]` by position. */
export function toRestNotifications(views: NotificationView[]) {
  return {
    notifications: views.map((n) => ({
      _id: n.id,
      type: n.type,
      message: n.message,
      preachSkill: n.preachSkill ?? {},
      learnSkill: n.learnSkill ?? {},
      skillCoins: n.skillCoins ?? 0,
      refId: n.refId,
      createdAt: n.createdAt,
    })),
    notifiers: views.map((n) => ({ _id: n.notifier.id, name: n.notifier.name, image: n.notifier.image })),
  };
}

export function notificationsRest(services: Services, r: Router = Router()): Router {

  r.get(
    "/notifications",
    route(services, async (req, ctx) => {
      const me = assertSelf(ctx, req.query.userId);
      try {
        await services.notifications.assertCanList(me);
      } catch (e) {
        if (e instanceof AppError && e.code === "DETAILS_NOT_FILLED") {
          return { error: e.message, notifications: [], notifiers: [], _id: me };
        }
        throw e;
      }
      const views = await services.notifications.listFor(me);
      return { error: "", ...toRestNotifications(views), _id: me };
    }),
  );

  r.post(
    "/notifications/remove",
    route(services, async (req, ctx) => {
      const me = assertSelf(ctx, req.body?.userID);
      const removed = await services.notifications.dismissMatching(me, String(req.body?.from_user ?? ""), String(req.body?.type ?? ""));
      return { error: "", removed };
    }),
  );

  return r;
}
