import { Ctx, Field, ObjectType, Query, Resolver } from "type-graphql";
import type { Context } from "../../server/context.js";

@ObjectType({ description: "Whether the server and its database answer." })
class Health {
  @Field(() => String)
  status: "ok" | "degraded";

  @Field(() => String, { description: "up or down" })
  database: "up" | "down";
}

@Resolver()
export class SystemResolver {
  @Query(() => Health, { description: "Liveness of the server and its database; needs no token." })
  async health(@Ctx() ctx: Context): Promise<Health> {
    const up = await databaseUp(ctx);
    return { status: up ? "ok" : "degraded", database: up ? "up" : "down" };
  }
}

export async function databaseUp(ctx: Pick<Context, "services">): Promise<boolean> {
  try {
    await ctx.services.deps.dataSource.query("SELECT 1");
    return true;
  } catch {
    return false;
  }
}
