import { Router } from "express";
import { type Context, requireUser } from "../../server/context.js";
import { assertSelf, route } from "../../server/rest-kit.js";
import type { Services } from "../../services.js";
import { AppError, forbidden, unauthenticated } from "../../shared/errors.js";
import { bearerToken } from "../../shared/tokens.js";
import type { ChatMessageView } from "./chat.types.js";

const pad = (n: number) => String(n).padStart(2, "0");

/** The old client's message time: `yyyy-MM-dd HH:mm:ss`, in UTC. */
export function restTimestamp(d: Date): string {
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

export function toRestMessage(m: ChatMessageView) {
  return { _id: m.id, from_user: m.fromUserId, to_user: m.toUserId, timestamp: restTimestamp(m.createdAt), message: m.body };
}

const body = (req: { body?: unknown }) => (req.body ?? {}) as Record<string, unknown>;

/** The old client reads `error` on these pages: a missing chat or profile is an answer, not a failure. */
async function legacyError<T>(work: () => Promise<T>, codes: string[]): Promise<T | { error: string }> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof AppError && codes.includes(e.code)) return { error: e.message };
    throw e;
  }
}

/**
 * The sender of POST /user/:otherId/send-message is named by the token in the body
 * (`from_user_token`), verified like a bearer token. A bearer header for someone else is 403.
 */
async function senderOf(services: Services, ctx: Context, raw: unknown): Promise<string> {
  const token = typeof raw === "string" ? bearerToken(raw) : null;
  if (!token) return requireUser(ctx).id;
  const user = await services.auth.authenticate(token);
  if (!user) throw unauthenticated();
  if (ctx.user && ctx.user.id !== user.id) throw forbidden("That token is not yours");
  return user.id;
}

/** Spec section 7: the chat paths with their documented payloads. */
export function chatRest(services: Services, r: Router = Router()): Router {
  const chat = services.chat;

  r.get(
    "/user/chat",
    route(services, async (_req, ctx) => {
      const me = requireUser(ctx).id;
      return legacyError(async () => {
        const items = await chat.list(me);
        const users = await services.users.summaries(items.map((i) => i.partnerId));
        return {
          error: "",
          userNameIdList: items.map((i) => ({ _id: i.partnerId, name: users.get(i.partnerId)?.name ?? "Former student", image: users.get(i.partnerId)?.image ?? null })),
        };
      }, ["DETAILS_NOT_FILLED"]).then((r) => ({ userNameIdList: [], ...r }));
    }),
  );

  r.get(
    "/user/chat/:chatUserID",
    route(services, async (req, ctx) => {
      const me = requireUser(ctx).id;
      const result = await legacyError(async () => {
        await chat.assertDetailsFilled(me);
        const view = await chat.view(me, req.params.chatUserID);
        const [messages, users] = await Promise.all([chat.messages.latest(view.id), services.users.summaries([view.partnerId])]);
        const other = users.get(view.partnerId);
        return {
          error: "",
          chat: {
            _id: view.id,
            messages: messages.map(toRestMessage),
            startDate: view.startDate,
            meetingLink: view.meetingLink ?? "",
            ratingGiven: view.ratingGiven,
            status: view.status,
            finishedByMe: view.finishedByMe,
            finishedByPartner: view.finishedByPartner,
            daysCompleted: view.daysCompleted,
          },
          otherUser: { _id: view.partnerId, name: other?.name ?? "Former student", profilePhotoUrl: other?.image ?? null },
        };
      }, ["NOT_FOUND", "DETAILS_NOT_FILLED"]);
      return { chat: null, otherUser: null, ...result, user_id: me };
    }),
  );

  r.post(
    "/user/:otherId/send-message",
    route(services, async (req, ctx) => {
      const me = await senderOf(services, ctx, body(req).from_user_token);
      const message = await chat.messages.send(me, req.params.otherId, body(req).newMessage);
      return { error: "", message: toRestMessage(message) };
    }),
  );

  r.post(
    "/user/chat/finish/:otherId",
    route(services, async (req, ctx) => {
      const me = assertSelf(ctx, body(req).currentUserID);
      // Too early / not rated yet: the old client shows `error` in an alert.
      const result = await legacyError(() => chat.lifecycle.finish(me, req.params.otherId), ["BAD_USER_INPUT"]);
      if ("error" in result) return { error: result.error, ended: "false" };
      return { error: "", ended: result.ended ? "true" : "false", waitingForPartner: result.waitingForPartner };
    }),
  );

  r.post(
    "/user/rating",
    route(services, async (req, ctx) => {
      const me = assertSelf(ctx, body(req).currentUserID);
      const view = await chat.lifecycle.rate(me, body(req).receiverID, body(req).rating);
      return { error: "", ratingGiven: view.ratingGiven };
    }),
  );

  r.post(
    "/user/chat/report/:otherId",
    route(services, async (req, ctx) => {
      const me = assertSelf(ctx, body(req).currentUserID);
      const view = await chat.lifecycle.report(me, req.params.otherId, body(req).reason, body(req).details);
      return { error: "", status: view.status };
    }),
  );

  r.get(
    "/user/meeting-link",
    route(services, async (req, ctx) => {
      const me = requireUser(ctx).id;
      return { meetingLink: (await chat.meetingLinkBetween(me, req.query.userId1, req.query.userId2)) ?? "" };
    }),
  );

  r.post(
    "/user/meeting-link/alter",
    route(services, async (req, ctx) => {
      const me = requireUser(ctx).id;
      const other = chat.otherOfPair(me, body(req).userId1, body(req).userId2);
      const view = await chat.setMeetingLink(me, other, body(req).meetingLink);
      return { error: "", meetingLink: view.meetingLink ?? "" };
    }),
  );

  return r;
}

