import { Arg, Authorized, Ctx, FieldResolver, Int, Query, Resolver, Root } from "type-graphql";
import { type Context, requireUser } from "../../kit/context.js";
import { AFTER_ARG, firstArg } from "../../shared/graphql-types.js";
import { CoinHistoryEntryConnection, SkillCoinAccount } from "./coins.types.js";
import { HISTORY_PAGE_SIZE } from "./history.service.js";

@Resolver(() => SkillCoinAccount)
export class LedgerResolver {
  @Authorized()
  @Query(() => SkillCoinAccount, { description: "The caller's coin balance." })
  async skillCoins(@Ctx() ctx: Context): Promise<SkillCoinAccount> {
    const me = requireUser(ctx);
    return { id: me.id, balance: await ctx.services.coins.balanceOf(me.id) };
  }

  @FieldResolver(() => Int, {
    description:
      "Coins learners have paid the caller that are held until their course finishes (they join the balance then; a refund returns them to the learner). Not spendable yet.",
  })
  heldForYou(@Root() account: SkillCoinAccount, @Ctx() ctx: Context): Promise<number> {
    // Only ever the caller's own (skillCoins answers no one else's account): what others owe a student is theirs.
    if (account.id !== requireUser(ctx).id) return Promise.resolve(0);
    return ctx.services.coins.heldFor(account.id);
  }

  @Authorized()
  @Query(() => CoinHistoryEntryConnection, { description: "The caller's coin movements, newest first (keyset-paged by entry)." })
  coinHistory(
    @Arg("first", () => Int, firstArg(HISTORY_PAGE_SIZE)) first: number,
    @Arg("after", () => String, AFTER_ARG) after: string | null,
    @Ctx() ctx: Context,
  ): Promise<CoinHistoryEntryConnection> {
    return ctx.services.coins.history.page(requireUser(ctx).id, { first, after });
  }
}
