import { isObjectType } from "graphql";
import { describe, expect, it } from "vitest";
import "../modules/index.js";
import { createAppPubSub } from "../shared/pubsub.js";
import { buildAppSchema } from "./schema.js";

describe("the built schema's resolvers", () => {
  it("leaves plain fields to GraphQL's default resolver (type-graphql's simpleResolvers) and keeps every field resolver", async () => {
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
});
