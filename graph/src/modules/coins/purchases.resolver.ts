import { Arg, Authorized, Ctx, ID, Int, Mutation, Query, Resolver } from "type-graphql";
import { type Context, requireUser } from "../../kit/context.js";
import { CoinOrderView, PaymentGatewayInfo, PaymentVerification, SandboxPayment } from "./coins.types.js";
import { COIN_PRICE_PAISE, CURRENCY, MAX_COINS_PER_PURCHASE } from "./purchases.service.js";

@Resolver()
export class PurchasesResolver {
  @Query(() => PaymentGatewayInfo, { description: "Which checkout to open and the price; needs no token." })
  paymentGateway(@Ctx() ctx: Context): PaymentGatewayInfo {
    const p = ctx.services.coins.purchases;
    return {
      mode: p.mode,
      keyId: p.publicKey,
      coinPricePaise: COIN_PRICE_PAISE,
      maxCoinsPerPurchase: MAX_COINS_PER_PURCHASE,
      currency: CURRENCY,
    };
  }

  @Authorized()
  @Mutation(() => CoinOrderView, { description: "Creates a gateway order for `coins` at Rs.10 each; the server sets the price." })
  createCoinOrder(
    @Arg("coins", () => Int, { description: "Whole coins to buy, 1 to the gateway's maxCoinsPerPurchase (BAD_USER_INPUT otherwise)." })
    coins: number,
    @Ctx() ctx: Context,
  ): Promise<CoinOrderView> {
    return ctx.services.coins.purchases.createOrder(requireUser(ctx).id, coins);
  }

  @Authorized()
  @Mutation(() => PaymentVerification, {
    description: "Verifies the checkout's signature for the caller's order and credits its coins exactly once.",
  })
  verifyCoinPayment(
    @Arg("orderId", () => ID, {
      description: "The orderId createCoinOrder returned: NOT_FOUND when unknown, FORBIDDEN when it is someone else's.",
    })
    orderId: string,
    @Arg("paymentId", () => String, {
      description:
        "The checkout's razorpay_payment_id. String, not ID: the gateway's opaque value, passed through as given (not an object of this API).",
    })
    paymentId: string,
    @Arg("signature", () => String, {
      description:
        "The checkout's razorpay_signature; BAD_USER_INPUT when it does not match. String, not ID: the gateway's opaque value, passed through as given (not an object of this API).",
    })
    signature: string,
    @Ctx() ctx: Context,
  ): Promise<PaymentVerification> {
    return ctx.services.coins.purchases.verify(requireUser(ctx).id, { orderId, paymentId, signature });
  }

  @Authorized()
  @Mutation(() => SandboxPayment, { description: "TEST MODE only (no Razorpay keys): pays the caller's sandbox order." })
  sandboxPay(
    @Arg("orderId", () => ID, {
      description: "The orderId createCoinOrder returned: NOT_FOUND when unknown, FORBIDDEN when it is someone else's.",
    })
    orderId: string,
    @Ctx() ctx: Context,
  ): Promise<SandboxPayment> {
    return ctx.services.coins.purchases.sandboxPay(requireUser(ctx).id, orderId);
  }
}
