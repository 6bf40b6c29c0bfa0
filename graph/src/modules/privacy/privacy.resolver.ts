import { Arg, Ctx, Mutation, Query, Resolver } from "type-graphql";
import { type Context, requireUser } from "../../kit/context.js";

@Resolver()
export class PrivacyResolver {
  @Query(() => String, {
    description:
      "Everything the product holds about the caller as one JSON document (format skill-exchange-export/1): account, profile and skills, chats with their messages, notifications, swap and pay requests, ledger entries and purchase orders, implements (posts and applications), reports made, blocks made, snake score. REST: GET /api/me/export.",
  })
  async myDataExport(@Ctx() ctx: Context): Promise<string> {
    return JSON.stringify(await ctx.services.privacy.exportData(requireUser(ctx).id), null, 2);
  }

  @Mutation(() => Boolean, {
    description:
      "Deletes the caller's account after they type their password again (BAD_USER_INPUT when wrong; rate-limited like sign-in). Personal data is erased or anonymised, messages stay as from 'Deleted student', held coins go back to whoever paid, the remaining coins go to the closed-accounts sink, every token and socket is revoked and the address can register again. REST: POST /api/me/delete.",
  })
  async deleteAccount(
    @Arg("password", () => String, { description: "The caller's current password." }) password: string,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    await ctx.services.privacy.deleteAccount(requireUser(ctx).id, password);
    return true;
  }
}
