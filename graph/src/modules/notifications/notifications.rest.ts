import { assertSelf, route } from "../../kit/rest-kit.js";
import { ErrorText, OptionalId, OptionalText, RestSkill } from "../../kit/rest-schemas.js";
import { z } from "../../kit/zod-openapi.js";
import type { KitServices } from "../../kit/context.js";
import { AppError } from "../../shared/errors.js";
import { firstNodes } from "../../shared/pagination.js";
import type { NotificationView } from "./notifications.types.js";
import type { RestRoutes } from "../../kit/rest-routes.js";

const tag = "notifications";
/** GET /notifications answers the newest this many (the old client had no paging). */
const REST_NOTIFICATIONS_LISTED = 200;
const RestNotification = z
  .object({
    _id: z.string(),
    type: z
      .string()
      .describe(
        "swap-request, pay-request, Accepted-Pay, rejectImplementUser, acceptImplementUser, swap-accept, swap-reject, success-Finish",
      ),
    message: z.string(),
    preachSkill: RestSkill.or(z.object({})),
    learnSkill: RestSkill.or(z.object({})),
    skillCoins: z.number(),
    refId: z.string().nullable(),
    createdAt: z.string().datetime(),
  })
  .openapi("Notification");
const Notifier = z.object({ _id: z.string(), name: z.string(), image: z.string().nullable() });

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

export function notificationsRest(services: KitServices, r: RestRoutes): void {
  r.get(
    "/notifications",
    route(
      services,
      {
        tag,
        summary: "The caller's notifications, newest first",
        description:
          "`notifications[i]` is paired with `notifiers[i]`. `error: 'not filled details'` (200, empty lists) until the caller's profile is filled: the old client goes to /p.",
        auth: "bearer",
        query: z.object({ userId: OptionalId.describe("The caller's id (must be the token's user).") }),
        response: z.object({ error: ErrorText, notifications: z.array(RestNotification), notifiers: z.array(Notifier), _id: z.string() }),
      },
      async (_req, ctx, _res, { query }) => {
        const me = assertSelf(ctx, query.userId);
        try {
          return {
            error: "",
            ...toRestNotifications(
              await firstNodes(REST_NOTIFICATIONS_LISTED, (first, after) => services.notifications.page(me, { first, after })),
            ),
            _id: me,
          };
        } catch (e) {
          if (e instanceof AppError && e.code === "DETAILS_NOT_FILLED")
            return { error: e.message, notifications: [], notifiers: [], _id: me };
          throw e;
        }
      },
    ),
  );

  r.post(
    "/notifications/remove",
    route(
      services,
      {
        tag,
        summary: "Dismiss the caller's notifications of a type from a student",
        auth: "bearer",
        body: z.object({
          userID: OptionalId.describe("The caller's id."),
          from_user: OptionalId.describe("The notifier's id."),
          type: OptionalText,
        }),
        response: z.object({ error: ErrorText, removed: z.number().int() }),
      },
      async (_req, ctx, _res, { body }) => {
        const me = assertSelf(ctx, body.userID);
        const removed = await services.notifications.dismiss(me, { notifierId: body.from_user ?? "", type: body.type ?? "" });
        return { error: "", removed };
      },
    ),
  );
}
