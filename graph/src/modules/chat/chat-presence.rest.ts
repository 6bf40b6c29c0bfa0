import { requireUser, type KitServices } from "../../kit/context.js";
import { route } from "../../kit/rest-kit.js";
import { z } from "../../kit/zod-openapi.js";
import { OtherParam } from "./chat.rest.js";
import type { RestRoutes } from "../../kit/rest-routes.js";

const tag = "chat";

/** Read markers, unread counts and the online-status setting (not in spec section 7: the app's own). */
export function chatPresenceRest(services: KitServices, r: RestRoutes): void {
  const chat = services.chat;

  r.post(
    "/user/chat/:otherId/read",
    route(
      services,
      {
        tag,
        summary: "Mark every message of the caller's chat with otherId read",
        description: "The chat page calls it when it opens and when a message arrives while it is open.",
        auth: "bearer",
        params: OtherParam,
        response: z.object({
          unreadCount: z.number().int().describe("The chat's unread messages after marking (0)."),
          totalUnread: z.number().int().describe("The caller's unread messages over all chats."),
        }),
        responses: { 404: "Chat not found." },
      },
      async (_req, ctx, _res, { params }) => {
        const me = requireUser(ctx).id;
        const item = await chat.reads.markRead(me, params.otherId);
        return { unreadCount: item.unreadCount, totalUnread: await chat.reads.total(me) };
      },
    ),
  );

  r.get(
    "/user/chat-unread",
    route(
      services,
      {
        tag,
        summary: "How many messages from partners the caller has not read, over all chats",
        auth: "bearer",
        response: z.object({ count: z.number().int() }),
      },
      async (_req, ctx) => ({ count: await chat.reads.total(requireUser(ctx).id) }),
    ),
  );

  r.put(
    "/user/presence",
    route(
      services,
      {
        tag,
        summary: "Show or hide the caller's online status from their chat partners",
        auth: "bearer",
        body: z.object({ visible: z.boolean().describe("True: partners see when the caller is online; false: never.") }),
        response: z.object({ onlineStatusVisible: z.boolean() }),
      },
      async (_req, ctx, _res, { body }) => ({ onlineStatusVisible: await chat.presence.setVisible(requireUser(ctx).id, body.visible) }),
    ),
  );
}
