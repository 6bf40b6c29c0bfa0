import { Arg, Ctx, Mutation, Resolver } from "type-graphql";
import type { Context } from "../../kit/context.js";
import { ContactMessageInput } from "./accounts.types.js";

@Resolver()
export class ContactResolver {
  @Mutation(() => Boolean, { description: "Stores the message and mails it to the team. Rate-limited per address." })
  async sendContactMessage(
    @Arg("input", () => ContactMessageInput, { description: "The contact form; BAD_USER_INPUT when a field is missing or too long." })
    input: ContactMessageInput,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    await ctx.services.contact.send(input, ctx.ip);
    return true;
  }
}
