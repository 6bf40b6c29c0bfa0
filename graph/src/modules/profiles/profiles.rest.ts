import { type Request, type Response, Router } from "express";
import multer from "multer";
import { MAX_IMAGE_BYTES, PROFILE_MESSAGES } from "../../../../common/profiles.js";
import { contextFromToken } from "../../server/context.js";
import { assertSelf, route } from "../../server/rest-kit.js";
import type { Services } from "../../services.js";
import { badInput, notFound } from "../../shared/errors.js";
import { bearerToken } from "../../shared/tokens.js";
import { restPublicUser } from "./rest-shapes.js";

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One file, in memory, never more than the image limit (multer stops reading past it). */
const imageUpload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, parts: 6 },
}).single("image");

function readImage(req: Request, res: Response): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    imageUpload(req, res, (err: unknown) => {
      if (!err) return resolve(req.file?.buffer ?? null);
      const code = (err as { code?: string }).code;
      reject(badInput(code === "LIMIT_FILE_SIZE" ? PROFILE_MESSAGES.imageSize : PROFILE_MESSAGES.imageType));
    });
  });
}

/** POST /profileDetails (token in the body), GET /user/:id, POST /upload/image. */
export function profilesRest(services: Services, r: Router = Router()): Router {

  r.post(
    "/upload/image",
    route(services, async (req, ctx, res) => {
      // The caller (and their upload limit) is checked before a byte of the file is read.
      const me = assertSelf(ctx, undefined);
      const url = await services.profiles.uploadImage(me, () => readImage(req, res));
      return { error: "", url };
    }),
  );

  r.post(
    "/profileDetails",
    route(services, async (req, headerCtx) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      // The old client puts its token in the body, not in a header (spec section 7).
      const ctx = body.token ? await contextFromToken(services, bearerToken(String(body.token)), req.ip ?? "unknown") : headerCtx;
      const me = assertSelf(ctx, body.user_id);
      await services.profiles.updateProfile(me, {
        gender: body.gender,
        languages: body.selectedLanguages ?? body.languages,
        skillsKnown: body.skillsKnown,
        skillsRequired: body.skillsRequired,
        amount: body.amount,
        days: body.days,
        image: typeof body.image === "string" ? body.image : null,
      });
      return { error: "", message: "Profile Details Updated Successfully" };
    }),
  );

  r.get(
    "/user/:id",
    // Not an id: a sibling path such as /user/chat belongs to another module's router.
    (req, _res, next) => next(ID.test(String(req.params.id)) ? undefined : "route"),
    route(services, async (req) => {
      const user = await services.profiles.publicUser(String(req.params.id));
      if (!user) throw notFound("User not found");
      return { user: { ...restPublicUser(user), responseStats: await services.responseStats.of(user.id) } };
    }),
  );

  return r;
}
