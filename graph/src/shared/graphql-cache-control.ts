import { DirectiveLocation, GraphQLBoolean, GraphQLDirective, GraphQLEnumType, GraphQLInt } from "graphql";

/**
 * Apollo Server's `@cacheControl` directive, declared in the schema as Apollo documents it (its
 * cache-control plugin reads the hints from the schema's AST; the directive itself must exist).
 * A field or type says how long its value may be reused; the answer's `Cache-Control` is the
 * shortest of every field it carries (server/apollo.ts: only a GET by a caller without a session
 * may be public). type-graphql applies it with `@Directive("@cacheControl(...)")`.
 */
export const CacheControlScope = new GraphQLEnumType({
  name: "CacheControlScope",
  description: "Who may reuse an answer (Apollo's cache control): anyone, or only the caller's own client.",
  values: {
    PUBLIC: { description: "Shared caches (a CDN) may keep the answer and give it to anyone." },
    PRIVATE: { description: "Only the caller's own client may keep the answer." },
  },
});

export const cacheControlDirective = new GraphQLDirective({
  name: "cacheControl",
  description:
    "How long a field's or a type's value may be reused (Apollo's cache control). An answer's Cache-Control is the shortest of the fields it carries; a field with no hint allows none.",
  locations: [DirectiveLocation.FIELD_DEFINITION, DirectiveLocation.OBJECT, DirectiveLocation.INTERFACE, DirectiveLocation.UNION],
  args: {
    maxAge: { type: GraphQLInt, description: "Seconds the value may be reused." },
    scope: { type: CacheControlScope, description: "Who may reuse it; PUBLIC unless a field says PRIVATE." },
    inheritMaxAge: { type: GraphQLBoolean, description: "Takes the maxAge of the field that returned it (a wrapper such as an edge)." },
  },
});
