import { requireUser, type KitServices } from "../../kit/context.js";
import { assertSelf, route } from "../../kit/rest-kit.js";
import { ErrorText, OptionalId, OptionalText } from "../../kit/rest-schemas.js";
import { z } from "../../kit/zod-openapi.js";
import { AppError } from "../../shared/errors.js";
import type { ChatMessageView } from "./chat.types.js";
import { chatWithLatest, newestChats, otherOfPair } from "./chat.rest-adapters.js";
import type { RestRoutes } from "../../kit/rest-routes.js";

const pad = (n: number) => String(n).padStart(2, "0");

/** The old client's message time: `yyyy-MM-dd HH:mm:ss`, in UTC. */
export function restTimestamp(d: Date): string {
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

export function toRestMessage(m: ChatMessageView) {
  return { _id: m.id, from_user: m.fromUserId, to_user: m.toUserId, timestamp: restTimestamp(m.createdAt), message: m.body };
}

const tag = "chat";
export const OtherParam = z.object({ otherId: z.string().describe("The chat partner's user id.") });
const Caller = z.object({ currentUserID: OptionalId.describe("The caller's id (must be the token's user).") });
const RestMessage = z
  .object({
    _id: z.string(),
    from_user: z.string(),
    to_user: z.string(),
    timestamp: z.string().describe("yyyy-MM-dd HH:mm:ss, UTC"),
    message: z.string(),
  })
  .openapi("ChatMessage");
const Pair = { userId1: OptionalId, userId2: OptionalId };

/** The old client reads `error` on these pages: a missing chat or an unfilled profile is an answer, not a failure. */
async function legacyError<T>(work: () => Promise<T>, codes: string[]): Promise<T | { error: string }> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof AppError && codes.includes(e.code)) return { error: e.message };
    throw e;
  }
}

/** Spec section 7: the chat paths with their documented payloads. */
export function chatRest(services: KitServices, r: RestRoutes): void {
  const chat = services.chat;

  r.get(
    "/user/chat",
    route(
      services,
      {
        tag,
        summary: "The caller's chats, latest activity first",
        description: "`error: 'not filled details'` (200, empty list) until the caller's profile is filled.",
        auth: "bearer",
        response: z.object({
          error: ErrorText,
          userNameIdList: z.array(z.object({ _id: z.string(), name: z.string(), image: z.string().nullable() })),
        }),
      },
      async (_req, ctx) => {
        const me = requireUser(ctx).id;
        const result = await legacyError(async () => {
          const items = await newestChats(chat, me);
          const partners = await services.users.summaries(items.map((i) => i.partnerId));
          return {
            error: "",
            userNameIdList: items.map((i) => ({
              _id: i.partnerId,
              name: partners.get(i.partnerId)?.name ?? "Former student",
              image: partners.get(i.partnerId)?.image ?? null,
            })),
          };
        }, ["DETAILS_NOT_FILLED"]);
        return { userNameIdList: [], ...result };
      },
    ),
  );

  r.get(
    "/user/chat/:chatUserID",
    route(
      services,
      {
        tag,
        summary: "The chat with a partner: its latest messages, state and the partner",
        description: "`error: 'Chat not found'` or `'not filled details'` (200, `chat` and `otherUser` null) instead of a failure.",
        auth: "bearer",
        params: z.object({ chatUserID: z.string().describe("The partner's user id.") }),
        response: z.object({
          error: ErrorText,
          chat: z
            .object({
              _id: z.string(),
              messages: z.array(RestMessage),
              startDate: z.string().datetime(),
              meetingLink: z.string(),
              ratingGiven: z.boolean(),
              status: z.string(),
              finishedByMe: z.boolean(),
              finishedByPartner: z.boolean(),
              daysCompleted: z.number().int(),
            })
            .nullable(),
          otherUser: z.object({ _id: z.string(), name: z.string(), profilePhotoUrl: z.string().nullable() }).nullable(),
          user_id: z.string(),
        }),
      },
      async (_req, ctx, _res, { params }) => {
        const me = requireUser(ctx).id;
        const result = await legacyError(async () => {
          const { view, messages, partner } = await chatWithLatest(services, me, params.chatUserID);
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
            otherUser: { _id: view.partnerId, name: partner?.name ?? "Former student", profilePhotoUrl: partner?.image ?? null },
          };
        }, ["NOT_FOUND", "DETAILS_NOT_FILLED"]);
        return { chat: null, otherUser: null, ...result, user_id: me };
      },
    ),
  );

  r.post(
    "/user/:otherId/send-message",
    route(
      services,
      {
        tag,
        summary: "Send a message to a chat partner",
        description: "The sender is the bearer token's user or, as the old client sent it, `from_user_token` in the body.",
        auth: "bearer-or-body",
        params: OtherParam,
        body: z.object({
          newMessage: z.unknown().describe("The text (1 to 2000 characters after trimming)."),
          from_user_token: z.string().optional().describe("The sender's token (legacy)."),
        }),
        response: z.object({ error: ErrorText, message: RestMessage }),
        responses: { 404: "Chat not found.", 409: "The chat is closed.", 429: "Too many messages." },
      },
      async (_req, ctx, _res, { params, body }) => {
        const message = await chat.messages.send(requireUser(ctx), params.otherId, body.newMessage);
        return { error: "", message: toRestMessage(message) };
      },
    ),
  );

  r.post(
    "/user/chat/finish/:otherId",
    route(
      services,
      {
        tag,
        summary: "Finish the course (mutual)",
        description:
          "Too early or not rated yet: `error` with the spec's text and `ended: 'false'` (200). `ended: 'true'` once both finished.",
        auth: "bearer",
        params: OtherParam,
        body: Caller,
        response: z.object({ error: ErrorText, ended: z.enum(["true", "false"]), waitingForPartner: z.boolean().optional() }),
        responses: { 404: "Chat not found." },
      },
      async (_req, ctx, _res, { params, body }) => {
        const me = assertSelf(ctx, body.currentUserID);
        const result = await legacyError(() => chat.lifecycle.finish(me, params.otherId), ["BAD_USER_INPUT"]);
        if ("error" in result) return { error: result.error, ended: "false" };
        return { error: "", ended: result.ended ? "true" : "false", waitingForPartner: result.waitingForPartner };
      },
    ),
  );

  r.post(
    "/user/rating",
    route(
      services,
      {
        tag,
        summary: "Rate the chat partner (1 to 5)",
        auth: "bearer",
        body: Caller.extend({
          receiverID: OptionalId,
          rating: z.union([z.number(), z.string()]).optional().describe("1 to 5 (a digit string is read as its number)."),
        }),
        response: z.object({ error: ErrorText, ratingGiven: z.boolean() }),
        responses: { 404: "Chat not found." },
      },
      async (_req, ctx, _res, { body }) => {
        const me = assertSelf(ctx, body.currentUserID);
        const view = await chat.lifecycle.rate(me, body.receiverID, body.rating);
        return { error: "", ratingGiven: view.ratingGiven };
      },
    ),
  );

  r.post(
    "/user/chat/report/:otherId",
    route(
      services,
      {
        tag,
        summary: "Report the chat partner (the chat is suspended)",
        auth: "bearer",
        params: OtherParam,
        body: Caller.extend({ reason: OptionalText, details: OptionalText }),
        response: z.object({ error: ErrorText, status: z.string() }),
        responses: { 404: "Chat not found." },
      },
      async (_req, ctx, _res, { params, body }) => {
        const me = assertSelf(ctx, body.currentUserID);
        const view = await chat.lifecycle.report(me, params.otherId, body.reason, body.details);
        return { error: "", status: view.status };
      },
    ),
  );

  r.get(
    "/user/meeting-link",
    route(
      services,
      {
        tag,
        summary: "The meeting link of the caller's chat with the other of the pair",
        auth: "bearer",
        query: z.object(Pair),
        response: z.object({ meetingLink: z.string() }),
        responses: { 404: "Chat not found." },
      },
      async (_req, ctx, _res, { query }) => {
        const me = requireUser(ctx).id;
        const between = await chat.require(me, otherOfPair(me, query.userId1, query.userId2));
        return { meetingLink: between.meetingLink ?? "" };
      },
    ),
  );

  r.post(
    "/user/meeting-link/alter",
    route(
      services,
      {
        tag,
        summary: "Set the meeting link of the caller's chat with the other of the pair",
        auth: "bearer",
        body: z.object({ ...Pair, meetingLink: OptionalText }),
        response: z.object({ error: ErrorText, meetingLink: z.string() }),
        responses: { 404: "Chat not found." },
      },
      async (_req, ctx, _res, { body }) => {
        const me = requireUser(ctx).id;
        const view = await chat.setMeetingLink(me, otherOfPair(me, body.userId1, body.userId2), body.meetingLink);
        return { error: "", meetingLink: view.meetingLink ?? "" };
      },
    ),
  );
}
