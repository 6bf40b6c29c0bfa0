import { isObjectType } from "graphql";
import { AuthenticationError } from "type-graphql";
import { describe, expect, it } from "vitest";
import "../modules/index.js";
import { createAppPubSub } from "../shared/pubsub.js";
import { DIRECT } from "./direct-resolvers.js";
import { buildAppSchema } from "./schema.js";

describe("the built schema's resolvers", () => {
  it("leaves plain fields to the default resolver (graphql-jit reads them inline) and keeps every field resolver", async () => {
    const schema = await buildAppSchema(createAppPubSub());
    const fieldsOf = (name: string) => {
      const type = schema.getType(name);
      if (!isObjectType(type)) throw new Error(`${name} is not an object type`);
      return type.getFields();
    };
    // Plain properties, including inherited ones (ChatUser's from UserSummaryFields) and a connection's edges.
    expect(fieldsOf("ChatListItem").lastMessageAt.resolve).toBeUndefined();
    expect(fieldsOf("ChatListItem").partner.resolve).toBeUndefined();
    expect(fieldsOf("ChatUser").name.resolve).toBeUndefined();
    expect(fieldsOf("ChatListItemConnection").edges.resolve).toBeUndefined();
    expect(fieldsOf("ChatListItemEdge").cursor.resolve).toBeUndefined();
    // @FieldResolver methods and root fields keep theirs.
    expect(fieldsOf("ChatUser").online.resolve).toBeTypeOf("function");
    expect(fieldsOf("Chat").partner.resolve).toBeTypeOf("function");
    expect(schema.getQueryType()!.getFields().chats.resolve).toBeTypeOf("function");
    let plain = 0;
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type) || type.name.startsWith("__")) continue;
      for (const field of Object.values(type.getFields())) if (!field.resolve) plain++;
    }
    expect(plain).toBeGreaterThan(200);
  });

  it("calls resolver methods directly, @Authorized ones behind the same check, and leaves input-object arguments and subscriptions to type-graphql", async () => {
    const schema = await buildAppSchema(createAppPubSub());
    const resolverOf = (type: string, field: string) => {
      const t = schema.getType(type);
      if (!isObjectType(t)) throw new Error(`${type} is not an object type`);
      return t.getFields()[field].resolve as ((...a: unknown[]) => unknown) & { [DIRECT]?: true };
    };
    // @FieldResolver methods with @Root/@Ctx, on both the public and the own profile; a query with a scalar @Arg.
    for (const [type, field] of [
      ["User", "skillsKnown"],
      ["User", "languages"],
      ["Me", "completedSkills"],
      ["CompletedSkill", "mentor"],
      ["Query", "user"],
      ["Query", "leaderboard"],
      // @Authorized
      ["Query", "chats"],
      ["Query", "feed"],
    ]) {
      expect(resolverOf(type, field)[DIRECT], `${type}.${field}`).toBe(true);
    }
    // An input-object argument (made a class instance), subscriptions.
    for (const [type, field] of [
      ["Mutation", "updateProfile"],
      ["Subscription", "messageAdded"],
    ]) {
      expect(resolverOf(type, field)[DIRECT], `${type}.${field}`).toBeUndefined();
    }
    // A direct resolver reads its arguments as type-graphql would: the root, an @Arg by name, the context.
    const load = (id: string) => Promise.resolve({ id });
    const ctx = { loaders: { profiles: { user: { load }, languages: { load: (id: string) => Promise.resolve([`lang of ${id}`]) } } } };
    await expect(resolverOf("Query", "user")(undefined, { id: "u1" }, ctx, {})).resolves.toEqual({ id: "u1" });
    await expect(resolverOf("User", "languages")({ id: "u2" }, {}, ctx, {})).resolves.toEqual(["lang of u2"]);
    // Signed out, an @Authorized method is not called and the caller gets type-graphql's UNAUTHENTICATED error.
    let called = false;
    const signedOut = { user: null, services: { chat: { listPageWithPartners: () => ((called = true), Promise.resolve()) } } };
    expect(() => resolverOf("Query", "chats")(undefined, { first: 30, after: null }, signedOut, {})).toThrow(AuthenticationError);
    expect(called).toBe(false);
  });
});
