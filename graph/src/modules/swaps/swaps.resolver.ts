import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from "type-graphql";
import { type Context, requireUser } from "../../kit/context.js";
import { PaymentResult, RequestPayInput, RequestSwapInput, SwapAvailability, SwapForm, SwapRequestView, toView } from "./swaps.types.js";

/** The other student of a request form. */
const OTHER_STUDENT_ARG = {
  description: "The other student's user id: NOT_FOUND when unknown, CONFLICT (with the reason) when no request can be sent to them now.",
};

/** Thin adapters over SwapRequestsService and SwapDecisionsService; the caller is the token's user. */
@Resolver(() => SwapRequestView)
export class SwapsResolver {
  @Authorized()
  @Query(() => SwapForm, { description: "The Swap popup's options: my skills to teach, theirs to learn." })
  swapForm(
    @Arg("userId", () => ID, OTHER_STUDENT_ARG)
    userId: string,
    @Ctx() ctx: Context,
  ): Promise<SwapForm> {
    return ctx.services.swaps.form(requireUser(ctx).id, userId);
  }

  @Authorized()
  @Query(() => SwapForm, { description: "The Pay popup's options (learnSkills are what can be paid for)." })
  payForm(
    @Arg("userId", () => ID, OTHER_STUDENT_ARG)
    userId: string,
    @Ctx() ctx: Context,
  ): Promise<SwapForm> {
    return ctx.services.swaps.form(requireUser(ctx).id, userId);
  }

  @Authorized()
  @Query(() => SwapAvailability, { description: "Whether Swap and Pay are possible with this student now." })
  async swapAvailability(
    @Arg("userId", () => ID, {
      description: "The other student's user id; why no request can be sent comes back in `reason`, not as an error.",
    })
    userId: string,
    @Ctx() ctx: Context,
  ): Promise<SwapAvailability> {
    const s = await ctx.services.swaps.status(requireUser(ctx).id, userId);
    return { ...s, openRequest: s.openRequest ? await toView(ctx.services.users, s.openRequest) : null };
  }

  @Authorized()
  @Query(() => SwapRequestView, { nullable: true, description: "One request the caller is a party to." })
  async swapRequest(
    @Arg("id", () => ID, { description: "The request's id; NOT_FOUND unless the caller is a party to it." }) id: string,
    @Ctx() ctx: Context,
  ): Promise<SwapRequestView | null> {
    const r = await ctx.services.swaps.forParty(requireUser(ctx).id, id);
    return r ? toView(ctx.services.users, r) : null;
  }

  @Authorized()
  @Mutation(() => SwapRequestView, { description: "Sends a swap request (the receiver gets swap-request)." })
  async requestSwap(
    @Arg("input", () => RequestSwapInput, {
      description:
        "What to ask for; BAD_USER_INPUT with the spec's message when a skill or the price is missing, NOT_FOUND for an unknown receiver, CONFLICT when an open request or a chat already exists between the two, when one blocked the other, or when the receiver is not listed.",
    })
    input: RequestSwapInput,
    @Ctx() ctx: Context,
  ): Promise<SwapRequestView> {
    const r = await ctx.services.swaps.requestSwap(requireUser(ctx).id, input);
    return toView(ctx.services.users, r);
  }

  @Authorized()
  @Mutation(() => SwapRequestView, { description: "Sends a pay request (the teacher gets pay-request)." })
  async requestPay(
    @Arg("input", () => RequestPayInput, {
      description:
        "What to ask for; BAD_USER_INPUT with the spec's message when a skill or the price is missing, NOT_FOUND for an unknown receiver, CONFLICT when an open request or a chat already exists between the two, when one blocked the other, or when the receiver is not listed.",
    })
    input: RequestPayInput,
    @Ctx() ctx: Context,
  ): Promise<SwapRequestView> {
    const r = await ctx.services.swaps.requestPay(requireUser(ctx).id, {
      receiverId: input.receiverId,
      learnSkill: input.learnSkill,
      coins: input.skillCoins,
    });
    return toView(ctx.services.users, r);
  }

  @Authorized()
  @Mutation(() => SwapRequestView, { description: "The receiver accepts: a swap opens the chat; a pay request waits for payment." })
  async acceptRequest(
    @Arg("id", () => ID, { description: "The request's id; NOT_FOUND unless the caller is a party to it." }) id: string,
    @Ctx() ctx: Context,
  ): Promise<SwapRequestView> {
    return toView(ctx.services.users, await ctx.services.swapDecisions.accept(requireUser(ctx).id, id));
  }

  @Authorized()
  @Mutation(() => SwapRequestView, { description: "The receiver rejects (or the learner declines to pay); the rejector blocks the other." })
  async rejectRequest(
    @Arg("id", () => ID, { description: "The request's id; NOT_FOUND unless the caller is a party to it." }) id: string,
    @Ctx() ctx: Context,
  ): Promise<SwapRequestView> {
    return toView(ctx.services.users, await ctx.services.swapDecisions.reject(requireUser(ctx).id, id));
  }

  @Authorized()
  @Mutation(() => SwapRequestView, {
    description:
      "The teacher withdraws their acceptance of a pay request the learner has not paid yet: it ends WITHDRAWN, no coins move, nobody is blocked, and the learner gets ACCEPTANCE_WITHDRAWN. FORBIDDEN for anyone but the teacher; CONFLICT once it is paid or otherwise settled.",
  })
  async withdrawPayAcceptance(
    @Arg("id", () => ID, { description: "The request's id; NOT_FOUND unless the caller is a party to it." }) id: string,
    @Ctx() ctx: Context,
  ): Promise<SwapRequestView> {
    return toView(ctx.services.users, await ctx.services.swapDecisions.withdrawAcceptance(requireUser(ctx).id, id));
  }

  @Authorized()
  @Mutation(() => PaymentResult, { description: "The learner pays an accepted pay request: coins go to escrow and the chat opens." })
  async payAcceptedRequest(
    @Arg("id", () => ID, { description: "The request's id; NOT_FOUND unless the caller is a party to it." }) id: string,
    @Ctx() ctx: Context,
  ): Promise<PaymentResult> {
    const out = await ctx.services.swapDecisions.pay(requireUser(ctx).id, id);
    return { message: out.message, coins: out.coins, request: await toView(ctx.services.users, out.request) };
  }
}
