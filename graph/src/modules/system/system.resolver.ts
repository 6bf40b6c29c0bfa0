import { Ctx, Field, ObjectType, Query, Resolver } from "type-graphql";
import type { Context } from "../../kit/context.js";
import { registerValueEnum } from "../../shared/graphql-enums.js";

/** GraphQL enum names to what /healthz answers. */
const HealthStatus = { OK: "ok", DEGRADED: "degraded" } as const;
type HealthStatus = (typeof HealthStatus)[keyof typeof HealthStatus];
const DatabaseStatus = { UP: "up", DOWN: "down" } as const;
type DatabaseStatus = (typeof DatabaseStatus)[keyof typeof DatabaseStatus];
registerValueEnum(HealthStatus, "HealthStatus", "The server's overall state.", {
  OK: "Everything answers.",
  DEGRADED: "The server answers but its database does not.",
});
registerValueEnum(DatabaseStatus, "DatabaseStatus", "Whether the database answers.", {
  UP: "It answered a trivial query.",
  DOWN: "It did not.",
});

@ObjectType({
  simpleResolvers: true,
  description: "Whether the server and its database answer. A singleton (the web caches it with keyFields: []).",
})
class Health {
  @Field(() => HealthStatus, { description: "OK, or DEGRADED when the database is down." })
  status: HealthStatus;

  @Field(() => DatabaseStatus, { description: "Whether the database answered." })
  database: DatabaseStatus;
}

@Resolver()
export class SystemResolver {
  @Query(() => Health, { description: "Liveness of the server and its database; needs no token." })
  async health(@Ctx() ctx: Context): Promise<Health> {
    const up = await ctx.services.readiness.databaseUp();
    return { status: up ? "ok" : "degraded", database: up ? "up" : "down" };
  }
}
