import { Arg, Authorized, Ctx, Int, Query, Resolver } from "type-graphql";
import { type Context, requireUser } from "../../server/context.js";
import { CoinHistoryPage, SkillCoinAccount } from "./coins.types.js";

@Resolver()
export class LedgerResolver {
  @Authorized()
  @Query(() => SkillCoinAccount, { description: "The caller's coin balance." })
  async skillCoins(@Ctx() ctx: Context): Promise<SkillCoinAccount> {
    const me = requireUser(ctx);
    return { id: me.id, balance: await ctx.services.coins.balanceOf(me.id) };
  }

  @Authorized()
  @Query(() => CoinHistoryPage, { description: "The caller's coin movements, newest first (first: at most 50)." })
  coinHistory(
    @Arg("first", () => Int, { nullable: true, defaultValue: 20, description: "Page size, 1 to 50." }) first: number | null,
    @Arg("after", () => String, { nullable: true, description: "endCursor of the previous page; omit for the newest." }) after: string | null,
    @Ctx() ctx: Context,
  ): Promise<CoinHistoryPage> {
    return ctx.services.coins.history.page(requireUser(ctx).id, first ?? 20, after);
  }
}
