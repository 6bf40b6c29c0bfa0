import { MAX_IMAGE_BYTES, PROFILE_MESSAGES } from "../../../../common/profiles.js";
import { assertSelf, route } from "../../kit/rest-kit.js";
import { ErrorText, OptionalId } from "../../kit/rest-schemas.js";
import { z } from "../../kit/zod-openapi.js";
import type { KitServices } from "../../kit/context.js";
import { badInput, notFound } from "../../shared/errors.js";
import { PublicUser } from "./profiles.rest-schemas.js";
import { restPublicUser } from "./rest-shapes.js";
import { type RestRequest, type RestRoutes, UploadRefused } from "../../kit/rest-routes.js";

const ResponseStatsRest = z
  .object({
    received: z.number().int().describe("Requests the student received that are settled (answered or expired)."),
    answered: z.number().int().describe("Of those, the ones they accepted or rejected before they expired."),
    responseRate: z.number().nullable().describe("Answered / received; null while nothing was received."),
    typicalResponseHours: z.number().nullable().describe("The median answer took at most this many hours; null until one is answered."),
  })
  .openapi("ResponseStats");

const tag = "profiles";

/**
 * `data:image/png;base64,...`, as the old client sent its picture: the bytes, which the service
 * checks (type by content, 2 MB) and stores like an upload. Anything else that starts with
 * `data:` decodes to no bytes, which the service refuses with 'Please select an image file.'.
 */
const DATA_URL = /^data:[\w.+/-]*(?:;[\w.+-]+=[\w.+-]+)*;base64,([A-Za-z0-9+/]*={0,2})$/;
const ProfileImage = z
  .string()
  .nullable()
  .optional()
  .transform((v) => {
    if (typeof v !== "string" || !v.startsWith("data:")) return v;
    const m = DATA_URL.exec(v.replace(/\s+/g, ""));
    return { bytes: m ? Buffer.from(m[1], "base64") : Buffer.alloc(0) };
  })
  .describe(
    "The URL POST /upload/image returned, or a `data:image/...;base64,` URL (PNG, JPEG, WebP or GIF, at most 2097152 bytes). Omitted or empty keeps the current picture; required when there is none.",
  );

const ProfileForm = z.object({
  user_id: OptionalId.describe("The caller's id."),
  token: z.string().optional().describe("The caller's token (legacy: in the body instead of a header)."),
  headers: z
    .object({ Authorization: z.string().optional(), authorization: z.string().optional() })
    .passthrough()
    .optional()
    .describe("Legacy: axios options sent as the body; `Authorization: Bearer <jwt>` names the caller."),
  gender: z.unknown().describe("Male or Female ('Please Select your gender')."),
  selectedLanguages: z.unknown().optional().describe("Languages the student speaks."),
  languages: z.unknown().optional().describe("Alias of selectedLanguages."),
  skillsKnown: z.unknown().optional().describe("`[{ category, skill }]`"),
  skillsRequired: z.unknown().describe("`[{ category, skill }]`, at least one ('Skills Required must be given')."),
  amount: z.unknown().optional(),
  days: z.unknown().optional(),
  image: ProfileImage,
});

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One file, in memory, never more than the image limit (reading stops past it). */
async function readImage(req: RestRequest): Promise<Buffer | null> {
  try {
    return await req.file("image", { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, parts: 6 });
  } catch (e) {
    if (!(e instanceof UploadRefused)) throw e;
    throw badInput(e.tooLarge ? PROFILE_MESSAGES.imageSize : PROFILE_MESSAGES.imageType);
  }
}

/** POST /profileDetails (token in the body, picture as a data URL or an uploaded URL), GET /user/:id, POST /upload/image. */
export function profilesRest(services: KitServices, r: RestRoutes): void {
  r.post(
    "/upload/image",
    route(
      services,
      {
        tag,
        summary: "Upload a profile picture (multipart `image`; PNG, JPEG, WebP or GIF by content; at most 2 MB)",
        description: "Returns the URL to send as `image` with POST /profileDetails.",
        auth: "bearer",
        response: z.object({ error: ErrorText, url: z.string() }),
        responses: { 429: "Too many uploads." },
      },
      async (req, ctx) => {
        // The caller (and their upload limit) is checked before a byte of the file is read.
        const me = assertSelf(ctx, undefined);
        const url = await services.profiles.uploadImage(me, () => readImage(req));
        return { error: "", url };
      },
    ),
  );

  r.post(
    "/profileDetails",
    route(
      services,
      {
        tag,
        summary: "Save the caller's profile (all fields at once)",
        description:
          "The old client put its token in the body (`token`, or `headers.Authorization` as axios options); a bearer header works too. The picture may be a data URL (decoded, checked by its bytes, stored like an upload). The body may be up to 4 MB for that.",
        auth: "bearer-or-body",
        body: ProfileForm,
        response: z.object({ error: ErrorText, message: z.literal("Profile Details Updated Successfully") }),
        responses: { 429: "Too many uploads (a data-URL picture counts as one)." },
      },
      async (_req, ctx, _res, { body }) => {
        const me = assertSelf(ctx, body.user_id);
        await services.profiles.updateProfile(me, {
          gender: body.gender,
          languages: body.selectedLanguages ?? body.languages,
          skillsKnown: body.skillsKnown,
          skillsRequired: body.skillsRequired,
          amount: body.amount,
          days: body.days,
          image: body.image ?? null,
        });
        return { error: "", message: "Profile Details Updated Successfully" };
      },
    ),
  );

  r.get(
    "/user/:id",
    route(
      services,
      {
        tag,
        summary: "A student's public profile, with their response rate and typical response time",
        auth: "none",
        params: z.object({ id: z.string().uuid() }),
        response: z.object({ user: PublicUser.extend({ responseStats: ResponseStatsRest }) }),
        responses: { 404: "User not found." },
      },
      async (_req, _ctx, _res, { params }) => {
        const [user, responseStats] = await Promise.all([services.profiles.publicUser(params.id), services.responseStats.of(params.id)]);
        if (!user) throw notFound("User not found");
        return { user: Object.assign(restPublicUser(user), { responseStats }) };
      },
    ),
    // Not an id: a sibling path such as /user/chat is another route's; anything else is the REST 404.
    { paramsMatch: { id: ID } },
  );
}
