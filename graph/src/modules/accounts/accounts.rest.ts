import { type Request, Router } from "express";
import { requireUser } from "../../server/context.js";
import { route } from "../../server/rest-kit.js";
import type { Services } from "../../services.js";
import { MESSAGES } from "./account-rules.js";

/** A body field as a string; anything else (missing, number, object) counts as empty. */
const field = (req: Request, name: string): string => {
  const v = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof v === "string" ? v : "";
};

/** Spec section 7 payloads for sign-up, sign-in, password reset and the contact form. */
export function accountsRest(services: Services, r: Router = Router()): Router {

  r.post(
    "/login",
    route(services, async (req, ctx) => {
      const { token } = await services.accounts.login({ email: field(req, "email"), password: field(req, "password") }, ctx.ip);
      return { token };
    }),
  );

  r.post(
    "/register",
    route(services, async (req, ctx) => {
      const input = { name: field(req, "name"), email: field(req, "email"), password: field(req, "password") };
      const { token } = await services.accounts.register(input, ctx.ip);
      return { token };
    }),
  );

  r.post(
    "/logout",
    route(services, async (_req, ctx) => {
      await services.accounts.logout(requireUser(ctx).id);
      return { error: "" };
    }),
  );

  r.get(
    "/dashboard/userId",
    route(services, async (_req, ctx) => ({ userId: requireUser(ctx).id })),
  );

  // College-mail verification: the link's token (no sign-in needed), and "resend the mail".
  r.post(
    "/verify-email",
    route(services, async (req) => {
      await services.emailVerification.verify(field(req, "token"));
      return { error: "" };
    }),
  );

  r.post(
    "/verify-email/resend",
    route(services, async (_req, ctx) => ({ error: "", message: await services.emailVerification.resend(requireUser(ctx).id) })),
  );

  r.post(
    "/forgot-password",
    route(services, async (req, ctx) => ({ error: await services.passwordResets.requestReset(field(req, "email"), ctx.ip) })),
  );

  // The old client reads `error`: empty means the link is usable.
  r.post(
    "/reset-password",
    route(services, async (req) => ({
      error: (await services.passwordResets.isValid(field(req, "newtoken"))) ? "" : MESSAGES.resetInvalid,
    })),
  );

  r.post(
    "/update-password",
    route(services, async (req) => {
      await services.passwordResets.updatePassword(field(req, "newtoken"), field(req, "password"));
      return { error: "" };
    }),
  );

  r.post(
    "/contact-mail",
    route(services, async (req, ctx) => {
      const input = { name: field(req, "name"), email: field(req, "email"), message: field(req, "msg") };
      return { error: await services.contact.send(input, ctx.ip) };
    }),
  );

  return r;
}
