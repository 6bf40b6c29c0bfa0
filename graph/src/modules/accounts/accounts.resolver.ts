import { Arg, Ctx, ID, Mutation, Query, Resolver } from "type-graphql";
import { type Context, requireUser } from "../../kit/context.js";
import { AuthPayload, LoginInput, RegisterInput } from "./accounts.types.js";

@Resolver()
export class AccountsResolver {
  @Query(() => ID, { description: "The caller's user id (REST: GET /api/dashboard/userId). UNAUTHENTICATED without a valid token." })
  viewerId(@Ctx() ctx: Context): string {
    return requireUser(ctx).id;
  }

  @Mutation(() => AuthPayload, {
    description: "Creates an account and signs it in. CONFLICT when the name or email is taken.",
  })
  register(
    @Arg("input", () => RegisterInput, { description: "The form's fields; BAD_USER_INPUT with the first wrong field's message." })
    input: RegisterInput,
    @Ctx() ctx: Context,
  ): Promise<AuthPayload> {
    return ctx.services.accounts.register(input, ctx.ip);
  }

  @Mutation(() => AuthPayload, { description: "UNAUTHENTICATED 'Wrong email or password' for any bad pair." })
  login(
    @Arg("input", () => LoginInput, { description: "The form's fields; BAD_USER_INPUT with the first wrong field's message." })
    input: LoginInput,
    @Ctx() ctx: Context,
  ): Promise<AuthPayload> {
    return ctx.services.accounts.login(input, ctx.ip);
  }

  @Mutation(() => Boolean, {
    description:
      "Opens a verification link (the token from the mailed /verify-email/{token} link); needs no sign-in. The first use within 48 hours verifies the address; a spent link answers true again while the address it was mailed to is verified. BAD_USER_INPUT for an unknown, malformed or expired link.",
  })
  async verifyEmail(
    @Arg("token", () => String, { description: "The token from the mailed /verify-email/{token} link." }) token: string,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    await ctx.services.emailVerification.verify(token);
    return true;
  }

  @Mutation(() => String, {
    description:
      "Mails the caller a new verification link and answers what to tell them. BAD_USER_INPUT once verified; RATE_LIMITED after a few per hour.",
  })
  resendVerificationEmail(@Ctx() ctx: Context): Promise<string> {
    return ctx.services.emailVerification.resend(requireUser(ctx).id);
  }

  @Mutation(() => Boolean, { description: "Revokes every token of the caller issued so far." })
  async logout(
    @Arg("pushEndpoint", () => String, {
      nullable: true,
      description: "This browser's push endpoint, if push is on here: that device is removed too (a shared computer shows nothing more).",
    })
    pushEndpoint: string | null,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    const me = requireUser(ctx).id;
    await ctx.services.push.forgetBrowser(me, pushEndpoint);
    await ctx.services.accounts.logout(me);
    return true;
  }
}
