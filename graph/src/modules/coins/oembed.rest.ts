import {
  EMBED_PATH,
  EMBED_PROVIDER,
  EMBED_WIDTH_DEFAULT,
  embedHeight,
  embedSnippet,
  embedTitle,
  embedViewOf,
  OEMBED_MESSAGES,
  rowsThatFit,
} from "../../../../common/embed.js";
import type { KitServices } from "../../kit/context.js";
import { route } from "../../kit/rest-kit.js";
import type { RestRoutes } from "../../kit/rest-routes.js";
import { z } from "../../kit/zod-openapi.js";
import { badInput, notFound } from "../../shared/errors.js";

/** How long a consumer may keep an oEmbed answer: the snippet changes only with this site's address. */
export const OEMBED_CACHE_AGE_SECONDS = 86_400;

const Pixels = (name: string) =>
  z
    .string()
    .regex(/^[1-9]\d{0,4}$/, `${name} must be a whole number of pixels from 1 to 99999`)
    .transform(Number)
    .optional()
    .describe(`The most ${name === "maxwidth" ? "width" : "height"} the consumer has room for, in CSS pixels.`);

const OEmbed = z
  .object({
    type: z.literal("rich"),
    version: z.literal("1.0"),
    title: z.string(),
    provider_name: z.literal(EMBED_PROVIDER),
    provider_url: z.string(),
    cache_age: z.number().int(),
    html: z.string().describe("The iframe to put in the consumer's page."),
    width: z.number().int(),
    height: z.number().int(),
  })
  .openapi("OEmbed", {
    example: {
      type: "rich",
      version: "1.0",
      title: "Skill Exchange leaderboard: Top students · This week",
      provider_name: EMBED_PROVIDER,
      provider_url: "https://skills.example.edu/",
      cache_age: OEMBED_CACHE_AGE_SECONDS,
      html: '<iframe src="https://skills.example.edu/embed/leaderboard?period=week" title="..." width="400" height="530" style="border:0;border-radius:12px;max-width:100%" loading="lazy" referrerpolicy="strict-origin-when-cross-origin"></iframe>',
      width: 400,
      height: 530,
    },
  });

const DOC = `oEmbed (https://oembed.com) for the leaderboard: a consumer (a CMS, a chat app) turns a link to this site's
leaderboard into the embeddable board. \`url\` is the web app's \`/leaderboard/{currentID}\` (its \`category\` and
\`period\` query parameters are kept) or the embed's own \`${EMBED_PATH}?category=&period=&limit=&theme=\`, on this
site's public address (\`PUBLIC_URL\`). The answer is a \`rich\` type whose \`html\` is an iframe of the embed.

\`maxwidth\` and \`maxheight\` are respected: the iframe is at most that wide, and when the board's rows do not fit
in \`maxheight\` the embed shows fewer of them. Any other \`url\` is 404; a \`format\` other than \`json\` is 501.
Public, readable from any origin, \`Cache-Control: public, max-age=3600\`. Pages that embed carry
\`<link rel="alternate" type="application/json+oembed">\` (the embed) or a \`Link\` header (the web app's leaderboard).`;

/** GET /api/oembed: public, for any origin. */
export function oembedRest(services: KitServices, r: RestRoutes): void {
  const origin = services.deps.config.publicUrl;
  r.get(
    "/oembed",
    route(
      services,
      {
        tag: "coins",
        summary: "oEmbed for the leaderboard: the iframe that embeds it (public, CORS)",
        description: DOC,
        auth: "none",
        query: z.object({
          url: z.string({ required_error: "url is required" }).describe("The address of the leaderboard page to embed."),
          format: z.string().optional().describe("`json` (the default); `xml` is not offered (501)."),
          maxwidth: Pixels("maxwidth"),
          maxheight: Pixels("maxheight"),
        }),
        response: OEmbed,
        responseHeaders: z.object({ "Cache-Control": z.string().openapi({ example: "public, max-age=3600" }) }),
        responses: {
          404: "`url` is not a leaderboard page of this site (or names a category or period that does not exist).",
          501: "`format` is not `json`.",
        },
      },
      async (_req, _ctx, res, { query }) => {
        if ((query.format ?? "json").toLowerCase() !== "json") {
          res.status(501);
          return { error: OEMBED_MESSAGES.format, code: "NOT_IMPLEMENTED", field: "format" };
        }
        const named = embedViewOf(origin, query.url);
        if (!named.ok) throw named.notOurs ? notFound(named.message) : badInput(named.message, { field: "url" });
        const view = { ...named.view };
        const width = Math.min(EMBED_WIDTH_DEFAULT, query.maxwidth ?? Infinity);
        // Fewer rows rather than a scroll bar; a space smaller than one row gets a frame that scrolls.
        if (query.maxheight !== undefined && embedHeight(view.limit) > query.maxheight) {
          view.limit = Math.min(view.limit, rowsThatFit(query.maxheight));
        }
        const height = Math.min(embedHeight(view.limit), query.maxheight ?? Infinity);
        res.setHeader("Cache-Control", "public, max-age=3600");
        return {
          type: "rich",
          version: "1.0",
          title: embedTitle(view),
          provider_name: EMBED_PROVIDER,
          provider_url: `${origin}/`,
          cache_age: OEMBED_CACHE_AGE_SECONDS,
          html: embedSnippet(origin, view, { width, height }),
          width,
          height,
        };
      },
    ),
    { crossOrigin: { methods: ["GET"], exposedHeaders: [] } },
  );
}
