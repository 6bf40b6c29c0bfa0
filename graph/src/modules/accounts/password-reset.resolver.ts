import { Arg, Ctx, Mutation, Query, Resolver } from "type-graphql";
import type { Context } from "../../kit/context.js";

@Resolver()
export class PasswordResetResolver {
  @Mutation(() => String, {
    description: "Mails a reset link when an account has this email. The answer is the same either way.",
  })
  forgotPassword(
    @Arg("email", () => String, { description: "The account's address (any string: the answer does not tell whether it exists)." })
    email: string,
    @Ctx() ctx: Context,
  ): Promise<string> {
    return ctx.services.passwordResets.requestReset(email, ctx.ip);
  }

  @Query(() => Boolean, { description: "Whether a reset link can still be used (known, unused, under one hour old)." })
  resetTokenValid(
    @Arg("token", () => String, { description: "The token from the mailed reset link." }) token: string,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    return ctx.services.passwordResets.isValid(token);
  }

  @Mutation(() => Boolean, {
    description: "Sets a new password with a reset link. The link is spent and every existing session token is revoked.",
  })
  async updatePassword(
    @Arg("token", () => String, { description: "The token from the mailed reset link." }) token: string,
    @Arg("password", () => String, { description: "The new password, 8 to 128 characters (BAD_USER_INPUT otherwise)." }) password: string,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    await ctx.services.passwordResets.updatePassword(token, password);
    return true;
  }
}
