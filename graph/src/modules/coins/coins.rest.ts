import { assertSelf, contentTag, documented, isFresh, route } from "../../kit/rest-kit.js";
import { requireUser, type KitServices } from "../../kit/context.js";
import { ErrorText, OptionalId } from "../../kit/rest-schemas.js";
import { z } from "../../kit/zod-openapi.js";
import { AppError } from "../../shared/errors.js";
import { parsePaise } from "./purchases.service.js";
import { noBody, type RestRoutes } from "../../kit/rest-routes.js";
import { takeReward } from "./coins.rest-adapters.js";
import { LEADERBOARD_MAX_AGE_SECONDS } from "./leaderboard.service.js";

/**
 * The REST compatibility paths of spec section 7 for coins. Thin: caller from the token,
 * one service call, reshaped to the documented payloads.
 */

const tag = "coins";

const RestLeaderboardRow = z
  .object({
    _id: z.string(),
    name: z.string(),
    originalRating: z.number().describe("Average rating, one decimal (0 when unrated)."),
    originalSkillCoins: z.number().int(),
  })
  .openapi("LeaderboardRow");

const LEADERBOARD_DOC = `The top 100 students, best first, public (no token).

**Order** (stable): average rating descending, then number of ratings descending, then skill coins
descending; students tied on all three come in id order (ascending), so the same data always reads in the
same order. Only verified students in good standing appear. At most 100 rows; when students tie across the
100th place, which of them are included is the database's index order.

Example: Anita (4.8 from 5 ratings, 2 coins), then Bala and Chitra (both 4.5 from 2 ratings, 6 coins: tied,
in id order), then Dev (4.5 from 2 ratings, 5 coins). GraphQL's \`leaderboard\` gives tied students the same
\`rank\` (1, 2, 2, 4); this path returns the rows in that order without a rank.

**Caching**: \`Cache-Control: public, max-age=${LEADERBOARD_MAX_AGE_SECONDS}\` (plus \`private="RateLimit, RateLimit-Policy"\`: the
caller's budget fields are not for shared caches), \`ETag\` (a hash of the rows) and \`Last-Modified\`
(when the ranking last changed). A request with a matching \`If-None-Match\` (or an \`If-Modified-Since\` not
older than \`Last-Modified\`) answers 304 with no body. A change of coins, rating or listing changes both.

**CORS**: readable from any origin (\`Access-Control-Allow-Origin: *\`, \`ETag\` and \`Last-Modified\` exposed).`;

const RestViewRow = z
  .object({
    rank: z.number().int().describe("1 + the number of students strictly ahead in this view (ties share it: 1, 2, 2, 4)."),
    userId: z.string(),
    name: z.string(),
    rating: z.number().describe("All-time average rating (0 when unrated)."),
    ratingCount: z.number().int(),
    skillCoins: z.number().int().describe("The coin balance."),
    periodRating: z
      .number()
      .nullable()
      .describe("Period views: average of the stars received in the period (0 with none); null for all_time."),
    periodRatingCount: z.number().int().nullable().describe("Period views: ratings received in the period; null for all_time."),
    periodLessons: z
      .number()
      .int()
      .nullable()
      .describe("Period views: lessons held in the period (scheduled, not cancelled, ended in it and by now); null for all_time."),
    cursor: z.string().describe("Pass as `after` to read on from this row."),
  })
  .openapi("LeaderboardViewRow");

const RestLeaderboardPage = z
  .object({
    view: z.object({
      category: z.string().nullable(),
      period: z.enum(["all_time", "week", "month"]),
      from: z.string().nullable().describe("Start of the period (ISO 8601, UTC, inclusive); null for all_time."),
      to: z.string().nullable().describe("End of the period (exclusive); null for all_time."),
    }),
    around: z
      .object({
        userId: z.string(),
        rank: z.number().int().nullable(),
        reason: z.enum(["NOT_LISTED", "NOT_IN_VIEW"]).nullable(),
        message: z.string().nullable(),
      })
      .nullable()
      .describe("With `around`: the student's rank, or why they have none (then `rows` is empty)."),
    rows: z.array(RestViewRow),
    pageInfo: z.object({ hasNextPage: z.boolean(), hasPreviousPage: z.boolean(), endCursor: z.string().nullable() }),
  })
  .openapi("LeaderboardViewPage");

const LEADERBOARD_VIEW_DOC = `A view of the leaderboard, public (no token): a category, a period, both, or neither; a page of it,
or the place of one student with the students around them. \`GET /api/leaderboard\` (the spec's table) is unchanged.

**Views.** \`category\` (one of the profile categories) ranks only students who teach a skill of it, by the all-time keys:
average rating, then rating count, then coins, all descending. \`period=week|month\` ranks what happened in the current ISO
week (Monday 00:00 UTC to the next Monday) or calendar month (the 1st 00:00 UTC to the next 1st): the average of the stars
received from chat partners in it, then how many were received, then lessons held in it (scheduled, not cancelled, ended in
the period); only students with a rating or a lesson in the period are ranked. Category and period combine. Students equal
on the view's three keys share a rank (1, 2, 2, 4) and are listed by userId.

**Pages.** \`first\` rows (1-100, default 100; 11 with \`around\`), then \`after=<pageInfo.endCursor>\`. A cursor is a position in
its view, valid while students move; a cursor of another view (or an ended period) answers 400. \`around=<userId>\` answers that
student's row in the middle of \`first\` rows; a student not ranked answers 200 with \`rows: []\` and \`around.reason\`
(\`NOT_LISTED\`: no visible student has that id; \`NOT_IN_VIEW\`: not ranked in this view). Not with \`after\`.

**Caching**: \`Cache-Control: public, max-age=${LEADERBOARD_MAX_AGE_SECONDS}\`, \`ETag\` (a hash of this answer) and \`Last-Modified\` (when the
view last changed); a matching \`If-None-Match\` or \`If-Modified-Since\` answers 304. **CORS**: any origin.`;

export function coinsRest(services: KitServices, r: RestRoutes): void {
  const coins = services.coins;

  // Only `/<id>/rewards`: the literal second segment keeps this from swallowing other /api paths.
  r.get(
    "/:userId/rewards",
    route(
      services,
      {
        tag,
        summary: "Takes the caller's pending reward (shown once, by the reward popup)",
        auth: "bearer",
        params: z.object({ userId: z.string() }),
        response: z.object({ rewarded: z.boolean(), reason: z.string(), rewardCount: z.number().int() }),
      },
      async (_req, ctx, _res, { params }) => {
        const me = assertSelf(ctx, params.userId);
        const s = await takeReward(coins.rewards, me);
        return { rewarded: s.rewarded, reason: s.reason, rewardCount: s.rewardCount };
      },
    ),
  );

  r.get(
    "/skill-coins",
    route(
      services,
      {
        tag,
        summary: "The caller's balance",
        auth: "bearer",
        response: z.object({ userID: z.string(), skillCoins: z.number().int(), error: ErrorText }),
      },
      async (_req, ctx) => {
        const me = requireUser(ctx);
        return { userID: me.id, skillCoins: await coins.balanceOf(me.id), error: "" };
      },
    ),
  );

  r.post(
    "/create-razorpay-order",
    route(
      services,
      {
        tag,
        summary: "Start buying skill coins: an order in paise (1 coin = Rs.10 = 1000 paise)",
        auth: "bearer",
        body: z.object({ amount: z.unknown().describe("Paise: the entered amount x 100, a whole multiple of 1000.") }),
        response: z.object({
          id: z.string(),
          entity: z.literal("order"),
          amount: z.number().int(),
          currency: z.string(),
          status: z.literal("created"),
          coins: z.number().int(),
          gateway: z.string(),
          key: z.string().nullable(),
        }),
        responses: { 429: "Too many orders." },
      },
      async (_req, ctx, _res, { body }) => {
        const me = requireUser(ctx);
        const order = await coins.purchases.createOrder(me.id, parsePaise(body.amount));
        // Razorpay's order shape, which the old client passes to Checkout.
        return {
          id: order.orderId,
          entity: "order",
          amount: order.amountPaise,
          currency: order.currency,
          status: "created",
          coins: order.coins,
          gateway: order.gateway,
          key: order.keyId,
        };
      },
    ),
  );

  r.post(
    "/payment-success",
    route(
      services,
      {
        tag,
        summary: "Confirm a payment with the gateway's signature: the coins are credited once",
        description: "A refusal answers its status with `{ success: false, error, code }`.",
        auth: "bearer",
        body: z.object({
          userID: OptionalId,
          amount: z.unknown().optional(),
          paymentID: z.unknown(),
          orderID: z.unknown(),
          signature: z.unknown(),
        }),
        response: z.object({ success: z.literal(true), skillCoins: z.number().int(), coins: z.number().int() }),
        responses: { 404: "Unknown order." },
        refusal: z.object({ success: z.literal(false) }),
      },
      async (_req, ctx, res, { body }) => {
        const me = assertSelf(ctx, body.userID);
        try {
          const v = await coins.purchases.verify(me, { orderId: body.orderID, paymentId: body.paymentID, signature: body.signature });
          return { success: true, skillCoins: v.skillCoins, coins: v.coins };
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          res.status(e.status);
          return { success: false, error: e.message, code: e.code };
        }
      },
    ),
  );

  // Public, readable by any origin (integrators), cacheable briefly by anyone and revalidated with
  // ETag / Last-Modified: a client that already has the current ranking gets 304 and no body.
  r.get(
    "/leaderboard",
    route(
      services,
      {
        tag,
        summary: "The leaderboard (public, cached, CORS)",
        description: LEADERBOARD_DOC,
        auth: "none",
        response: z.array(RestLeaderboardRow).openapi({
          example: [
            { _id: "0b9d6f52-3f0e-4c61-9a53-6f1f3f0c2a11", name: "Anita", originalRating: 4.8, originalSkillCoins: 2 },
            { _id: "1c2e7a10-8d4b-4f7e-b1a2-0e9c5d3b7f22", name: "Bala", originalRating: 4.5, originalSkillCoins: 6 },
            { _id: "5a7f3c21-2b6d-4e8a-9c1f-7d2e4b6a8c33", name: "Chitra", originalRating: 4.5, originalSkillCoins: 6 },
            { _id: "2d4f6a8c-1e3b-4d5f-8a7c-9b1d3f5e7a44", name: "Dev", originalRating: 4.5, originalSkillCoins: 5 },
          ],
        }),
        responseHeaders: z.object({
          "Cache-Control": z.string().openapi({ example: `public, max-age=${LEADERBOARD_MAX_AGE_SECONDS}` }),
          ETag: z.string().openapi({ example: '"3f2a9c"' }),
          "Last-Modified": z.string().openapi({ example: "Mon, 05 Jan 2026 09:00:00 GMT" }),
          "Access-Control-Allow-Origin": z.literal("*"),
        }),
        responses: { 304: "Not modified: the `If-None-Match` / `If-Modified-Since` sent still matches (no body)." },
      },
      async (req, _ctx, res) => {
        const board = await coins.leaderboard.snapshot();
        const etag = `"${board.version}"`;
        const lastModified = board.lastModified.toUTCString();
        res.setHeader("Cache-Control", `public, max-age=${LEADERBOARD_MAX_AGE_SECONDS}`);
        res.setHeader("ETag", etag);
        res.setHeader("Last-Modified", lastModified);
        if (isFresh(req.headers, etag, lastModified)) {
          res.status(304);
          return noBody();
        }
        return board.rows.map((row) => ({
          _id: row.userId,
          name: row.name,
          originalRating: row.rating,
          originalSkillCoins: row.skillCoins,
        }));
      },
    ),
    { crossOrigin: { methods: ["GET"], exposedHeaders: ["ETag", "Last-Modified"] } },
  );

  r.get(
    "/leaderboard/view",
    route(
      services,
      {
        tag,
        summary: "A leaderboard view: by skill category, this week or month, around a student (public, cached, CORS)",
        description: LEADERBOARD_VIEW_DOC,
        auth: "none",
        query: z.object({
          category: z.string().max(60).optional().describe("A profile category, e.g. `Music & Performing Arts`. Absent: everyone."),
          period: z.enum(["all_time", "week", "month"]).optional().describe("Default all_time."),
          around: z.string().max(64).optional().describe("A student's id: their row with the students around it."),
          first: z
            .string()
            .regex(/^\d{1,3}$/, "first must be between 1 and 100")
            .optional()
            .describe("Rows, 1-100 (default 100; 11 with around)."),
          after: z.string().max(300).optional().describe("`pageInfo.endCursor` of the previous page."),
        }),
        response: RestLeaderboardPage,
        responseHeaders: z.object({
          "Cache-Control": z.string().openapi({ example: `public, max-age=${LEADERBOARD_MAX_AGE_SECONDS}` }),
          ETag: z.string().openapi({ example: '"9b1f0c"' }),
          "Last-Modified": z.string().openapi({ example: "Mon, 05 Jan 2026 09:00:00 GMT" }),
          "Access-Control-Allow-Origin": z.literal("*"),
        }),
        responses: { 304: "Not modified: the `If-None-Match` / `If-Modified-Since` sent still matches (no body)." },
      },
      async (req, _ctx, res, { query }) => {
        const page = await coins.leaderboard.view({
          category: query.category,
          period: query.period,
          around: query.around,
          first: query.first === undefined ? undefined : Number(query.first),
          after: query.after,
        });
        const rows = page.rows.map((row) => ({ ...row, cursor: page.cursorOf(row) }));
        const body = {
          view: {
            category: page.view.category,
            period: page.view.period,
            from: page.view.from?.toISOString() ?? null,
            to: page.view.to?.toISOString() ?? null,
          },
          around: page.around,
          rows,
          pageInfo: { hasNextPage: page.hasNextPage, hasPreviousPage: page.hasPreviousPage, endCursor: rows.at(-1)?.cursor ?? null },
        };
        const etag = contentTag(JSON.stringify(body));
        const lastModified = page.lastModified.toUTCString();
        res.setHeader("Cache-Control", `public, max-age=${LEADERBOARD_MAX_AGE_SECONDS}`);
        res.setHeader("ETag", etag);
        res.setHeader("Last-Modified", lastModified);
        if (isFresh(req.headers, etag, lastModified)) {
          res.status(304);
          return noBody();
        }
        return body;
      },
    ),
    { crossOrigin: { methods: ["GET"], exposedHeaders: ["ETag", "Last-Modified"] } },
  );

  // Razorpay calls this server to server: no token; the signature over the raw body is the auth
  // (a `signature` route keeps the raw bytes of a body of any type).
  r.post(
    "/payments/razorpay/webhook",
    documented(
      {
        tag,
        summary: "Razorpay's payment webhook (server to server)",
        description: "No token: the `X-Razorpay-Signature` HMAC over the raw body is the authentication. Each event id is handled once.",
        auth: "signature",
        body: z.record(z.unknown()).describe("Razorpay's event payload, verified over its exact bytes."),
        response: z.object({ status: z.string() }),
        responses: { 400: "Missing or wrong signature, or not an event." },
      },
      async (req) => {
        const header = (name: string) => {
          const value = req.headers[name];
          return Array.isArray(value) ? value.join(", ") : value;
        };
        const outcome = await coins.webhook.handle(req.rawBody, header("x-razorpay-signature"), header("x-razorpay-event-id"));
        return { status: outcome };
      },
    ),
  );
}
