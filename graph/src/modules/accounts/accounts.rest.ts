import { requireUser, type KitServices } from "../../kit/context.js";
import { route } from "../../kit/rest-kit.js";
import { ErrorText, LooseString, OkAnswer } from "../../kit/rest-schemas.js";
import { z } from "../../kit/zod-openapi.js";
import { MESSAGES } from "./account-rules.js";
import type { RestRoutes } from "../../kit/rest-routes.js";

// Body fields are strings; anything else (missing, number, object) counts as empty, so the
// service answers its own message (and sign-in the same one for every malformed input).
const TokenAnswer = z.object({ token: z.string().describe("The session JWT: send it as `Authorization: Bearer <token>`.") });
const Credentials = z.object({ email: LooseString, password: LooseString });
const NewToken = z.object({ newtoken: LooseString.describe("The token from the reset link.") });
const tag = "accounts";

/** Spec section 7 payloads for sign-up, sign-in, password reset and the contact form. */
export function accountsRest(services: KitServices, r: RestRoutes): void {
  r.post(
    "/login",
    route(
      services,
      {
        tag,
        summary: "Sign in",
        auth: "none",
        body: Credentials,
        response: TokenAnswer,
        responses: {
          401: "Wrong email or password (the same answer for every failure).",
          429: "Too many attempts for this account or address.",
        },
      },
      async (_req, ctx, _res, { body }) => {
        const { token } = await services.accounts.login(body, ctx.ip);
        return { token };
      },
    ),
  );

  r.post(
    "/register",
    route(
      services,
      {
        tag,
        summary: "Create an account (college mail) and sign in",
        auth: "none",
        body: z.object({
          name: LooseString,
          email: LooseString,
          password: LooseString,
          returnTo: LooseString.optional().describe(
            'Optional: the page the student registered from; the mailed verification link leads back there. Only a same-site path counts ("/x"); any other value is ignored.',
          ),
        }),
        response: TokenAnswer,
        responses: { 409: "Username or email already exists.", 429: "Too many sign-ups from this address." },
      },
      async (_req, ctx, _res, { body }) => {
        const { token } = await services.accounts.register(body, ctx.ip);
        return { token };
      },
    ),
  );

  r.post(
    "/logout",
    route(
      services,
      {
        tag,
        summary: "End every session of the caller (all tokens are revoked)",
        auth: "bearer",
        body: z.object({
          pushEndpoint: z
            .string()
            .optional()
            .describe("This browser's push endpoint, if push is on here: that device is removed too. The body may be left out."),
        }),
        response: OkAnswer,
      },
      async (_req, ctx, _res, { body }) => {
        const me = requireUser(ctx).id;
        await services.push.forgetBrowser(me, body.pushEndpoint);
        await services.accounts.logout(me);
        return { error: "" };
      },
    ),
  );

  r.get(
    "/dashboard/userId",
    route(services, { tag, summary: "The caller's id", auth: "bearer", response: z.object({ userId: z.string() }) }, async (_req, ctx) => ({
      userId: requireUser(ctx).id,
    })),
  );

  // College-mail verification: the link's token (no sign-in needed), and "resend the mail".
  r.post(
    "/verify-email",
    route(
      services,
      {
        tag,
        summary: "Verify the college address with the mailed link's token",
        description:
          "The first use within 48 hours verifies the address. A spent link answers 200 again while the address it was mailed to is verified (a page opened twice).",
        auth: "none",
        body: z.object({ token: LooseString }),
        response: OkAnswer,
        responses: { 400: "The link is unknown, malformed or expired, or spent without verifying the address it was mailed to." },
      },
      async (_req, _ctx, _res, { body }) => {
        await services.emailVerification.verify(body.token);
        return { error: "" };
      },
    ),
  );

  r.post(
    "/verify-email/resend",
    route(
      services,
      {
        tag,
        summary: "Mail the verification link again",
        auth: "bearer",
        response: z.object({ error: ErrorText, message: z.string() }),
        responses: { 429: "Too many mails." },
      },
      async (_req, ctx) => ({ error: "", message: await services.emailVerification.resend(requireUser(ctx).id) }),
    ),
  );

  r.post(
    "/forgot-password",
    route(
      services,
      {
        tag,
        summary: "Mail a password reset link",
        auth: "none",
        body: z.object({ email: LooseString }),
        response: OkAnswer,
        responses: { 429: "Too many requests." },
      },
      async (_req, ctx, _res, { body }) => ({
        error: await services.passwordResets.requestReset(body.email, ctx.ip),
      }),
    ),
  );

  // The old client reads `error`: empty means the link is usable.
  r.post(
    "/reset-password",
    route(
      services,
      { tag, summary: "Is this reset link still usable? (`error` empty means yes)", auth: "none", body: NewToken, response: OkAnswer },
      async (_req, _ctx, _res, { body }) => ({
        error: (await services.passwordResets.isValid(body.newtoken)) ? "" : MESSAGES.resetInvalid,
      }),
    ),
  );

  r.post(
    "/update-password",
    route(
      services,
      {
        tag,
        summary: "Set a new password with a reset link's token",
        auth: "none",
        body: NewToken.extend({ password: LooseString }),
        response: OkAnswer,
      },
      async (_req, _ctx, _res, { body }) => {
        await services.passwordResets.updatePassword(body.newtoken, body.password);
        return { error: "" };
      },
    ),
  );

  r.post(
    "/contact-mail",
    route(
      services,
      {
        tag,
        summary: "The contact form",
        description: "Success answers `error: 'The mail has been sent successfully '` (the old client compares the text).",
        auth: "none",
        body: z.object({ name: LooseString, email: LooseString, msg: LooseString }),
        response: OkAnswer,
        responses: { 429: "Too many messages." },
      },
      async (_req, ctx, _res, { body }) => {
        return { error: await services.contact.send({ name: body.name, email: body.email, message: body.msg }, ctx.ip) };
      },
    ),
  );
}
