import { requireUser, type KitServices } from "../../kit/context.js";
import { route } from "../../kit/rest-kit.js";
import { z } from "../../kit/zod-openapi.js";
import { toLessonConnection, toLessonView } from "./lessons.types.js";
import type { RestRoutes } from "../../kit/rest-routes.js";

const tag = "lessons";

const Slot = z
  .object({
    id: z.string().optional().describe("Present on a proposed slot (what `accept` takes)."),
    startsAt: z.string().describe("ISO instant (UTC)."),
    durationMinutes: z.number().int().describe("15 to 240."),
  })
  .openapi("LessonSlot");

const Lesson = z
  .object({
    id: z.string().describe("Also the calendar invitation's UID."),
    chatId: z.string(),
    status: z.enum(["proposed", "scheduled", "cancelled"]),
    proposedByMe: z.boolean(),
    partnerId: z.string(),
    timezone: z.string().describe("The proposer's IANA time zone."),
    slots: z.array(Slot),
    startsAt: z.string().nullable().describe("The accepted slot's start; null until one is accepted."),
    endsAt: z.string().nullable(),
    durationMinutes: z.number().int().nullable(),
    sequence: z.number().int().describe("The invitation's SEQUENCE: 0 when accepted, +1 on each reschedule or cancellation."),
    createdAt: z.string(),
  })
  .openapi("Lesson");

const LessonPage = z
  .object({
    edges: z.array(z.object({ cursor: z.string(), node: Lesson })),
    pageInfo: z.object({
      hasNextPage: z.boolean(),
      hasPreviousPage: z.boolean(),
      startCursor: z.string().nullable(),
      endCursor: z.string().nullable(),
    }),
  })
  .openapi("LessonPage");

const Paging = z.object({
  first: z.coerce.number().int().optional().describe("Page size, 1 to 50 (default 20)."),
  after: z.string().optional().describe("`pageInfo.endCursor` of the previous page."),
});
const Other = z.object({ otherId: z.string().describe("The partner's user id (the chat is named by who it is with).") });
const Id = z.object({ id: z.string() });
const NewSlot = z.object({
  startsAt: z.string().describe("ISO instant, in the future, within 180 days."),
  durationMinutes: z.number().int(),
});
const Refusals = {
  404: "No such chat or lesson for the caller.",
  409: "The chat is not in progress, or the lesson is no longer in that state.",
};

/**
 * Lessons over REST, the same service as GraphQL. The chat's lessons live under the chat's path
 * (the partner's id), one lesson under /lessons/{id}.
 */
export function lessonsRest(services: KitServices, r: RestRoutes): void {
  const lessons = services.lessons;

  r.get(
    "/lessons/upcoming",
    route(
      services,
      {
        tag,
        summary: "The caller's scheduled lessons that have not ended, soonest first",
        auth: "bearer",
        query: Paging,
        response: LessonPage,
      },
      async (_req, ctx, _res, { query }) => {
        const me = requireUser(ctx).id;
        return toLessonConnection(await lessons.reads.upcoming(me, { first: query.first, after: query.after }), me);
      },
    ),
  );

  r.get(
    "/user/chat/:otherId/lessons",
    route(
      services,
      {
        tag,
        summary: "The lessons of the caller's chat with a partner, newest proposal first",
        auth: "bearer",
        params: Other,
        query: Paging,
        response: LessonPage,
        responses: Refusals,
      },
      async (_req, ctx, _res, { params, query }) => {
        const me = requireUser(ctx).id;
        return toLessonConnection(await lessons.reads.ofChat(me, params.otherId, { first: query.first, after: query.after }), me);
      },
    ),
  );

  r.post(
    "/user/chat/:otherId/lessons",
    route(
      services,
      {
        tag,
        summary: "Propose one to five times for a lesson in a chat in progress",
        auth: "bearer",
        params: Other,
        body: z.object({
          slots: z.array(NewSlot).describe("1 to 5 times, each 15 to 240 minutes."),
          timezone: z.string().describe("The proposer's IANA zone, e.g. Asia/Kolkata."),
        }),
        response: Lesson,
        responses: { 201: "Proposed.", ...Refusals },
      },
      async (_req, ctx, res, { params, body }) => {
        const me = requireUser(ctx).id;
        const lesson = await lessons.propose(me, params.otherId, { slots: body.slots, timezone: body.timezone });
        res.status(201);
        return toLessonView(lesson, me);
      },
    ),
  );

  r.post(
    "/lessons/:id/accept",
    route(
      services,
      {
        tag,
        summary: "Accept one proposed time (the partner of the proposer only): both students get the invitation",
        auth: "bearer",
        params: Id,
        body: z.object({ slotId: z.string() }),
        response: Lesson,
        responses: Refusals,
      },
      async (_req, ctx, _res, { params, body }) => {
        const me = requireUser(ctx).id;
        return toLessonView(await lessons.accept(me, params.id, body.slotId), me);
      },
    ),
  );

  r.post(
    "/lessons/:id/cancel",
    route(
      services,
      {
        tag,
        summary: "Withdraw or decline a proposal, or call off a scheduled lesson (a METHOD:CANCEL invitation)",
        auth: "bearer",
        params: Id,
        response: Lesson,
        responses: Refusals,
      },
      async (_req, ctx, _res, { params }) => {
        const me = requireUser(ctx).id;
        return toLessonView(await lessons.cancel(me, params.id), me);
      },
    ),
  );

  r.post(
    "/lessons/:id/reschedule",
    route(
      services,
      {
        tag,
        summary: "Move a scheduled lesson (same UID, next SEQUENCE; both students get the updated invitation)",
        auth: "bearer",
        params: Id,
        body: z.object({ slot: NewSlot, timezone: z.string() }),
        response: Lesson,
        responses: Refusals,
      },
      async (_req, ctx, _res, { params, body }) => {
        const me = requireUser(ctx).id;
        return toLessonView(await lessons.reschedule(me, params.id, { slot: body.slot, timezone: body.timezone }), me);
      },
    ),
  );
}
