import { Arg, Authorized, Ctx, FieldResolver, Mutation, Resolver, Root } from "type-graphql";
import { type Context, requireUser } from "../../kit/context.js";
import {
  ImplementApplicantInput,
  ImplementApplicationType,
  ImplementUser,
  JoinImplementPostInput,
  RejectImplementApplicantInput,
} from "./implements.types.js";

@Resolver(() => ImplementApplicationType)
export class ImplementApplicantsResolver {
  @Authorized()
  @Mutation(() => ImplementApplicationType, {
    description:
      "Asks to join a post (status pending). FORBIDDEN for one's own post, CONFLICT when already asked, NOT_FOUND when the post is not available to the caller.",
  })
  joinImplementPost(
    @Arg("input", () => JoinImplementPostInput, { description: "Which post and applicant (and for a rejection, the reason)." })
    input: JoinImplementPostInput,
    @Ctx() ctx: Context,
  ): Promise<ImplementApplicationType> {
    return ctx.services.implementApplicants.join(requireUser(ctx).id, input.postId, input.description);
  }

  @Authorized()
  @Mutation(() => ImplementApplicationType, {
    description:
      "Owner only. Accepts an applicant: notifies them (acceptImplementUser) and opens a chat between them about the post, unless they already have a chat.",
  })
  acceptImplementApplicant(
    @Arg("input", () => ImplementApplicantInput, { description: "Which post and applicant (and for a rejection, the reason)." })
    input: ImplementApplicantInput,
    @Ctx() ctx: Context,
  ): Promise<ImplementApplicationType> {
    return ctx.services.implementApplicants.accept(requireUser(ctx).id, input.postId, input.userId);
  }

  @Authorized()
  @Mutation(() => ImplementApplicationType, {
    description: "Owner only. Rejects an applicant with a reason (the owner may still accept later); the post disappears for them.",
  })
  rejectImplementApplicant(
    @Arg("input", () => RejectImplementApplicantInput, { description: "Which post and applicant (and for a rejection, the reason)." })
    input: RejectImplementApplicantInput,
    @Ctx() ctx: Context,
  ): Promise<ImplementApplicationType> {
    return ctx.services.implementApplicants.reject(requireUser(ctx).id, input.postId, input.userId, input, false);
  }

  @Authorized()
  @Mutation(() => ImplementApplicationType, { description: "Owner only. Rejects an applicant permanently, with a reason: final." })
  rejectImplementApplicantPermanently(
    @Arg("input", () => RejectImplementApplicantInput, { description: "Which post and applicant (and for a rejection, the reason)." })
    input: RejectImplementApplicantInput,
    @Ctx() ctx: Context,
  ): Promise<ImplementApplicationType> {
    return ctx.services.implementApplicants.reject(requireUser(ctx).id, input.postId, input.userId, input, true);
  }

  @FieldResolver(() => ImplementUser, { description: "The applicant as they are now." })
  async user(@Root() app: ImplementApplicationType, @Ctx() ctx: Context): Promise<ImplementUser> {
    return (await ctx.loaders.users.summary.load(app.userId)) ?? { id: app.userId, name: app.userName, image: null, gender: null };
  }
}
