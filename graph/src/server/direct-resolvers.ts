import { GraphQLScalarType, type GraphQLFieldResolver, type GraphQLSchema, isObjectType } from "graphql";
import { AuthenticationError, AuthorizationError, getMetadataStorage, type ResolverData } from "type-graphql";

/** What this module reads of type-graphql's metadata for a resolver method and its parameters (after buildSchema). */
interface ParamMeta {
  kind: "info" | "pubSub" | "context" | "root" | "arg" | "args" | "custom";
  index: number;
  propertyName?: string;
  name?: string;
  getType?: () => unknown;
  validateSettings?: unknown;
  validateFn?: unknown;
}
interface HandlerMeta {
  target: new () => Record<string, unknown>;
  methodName: string;
  schemaName: string;
  params?: ParamMeta[];
  roles?: unknown[];
  middlewares?: unknown[];
  kind?: "internal" | "external";
  getObjectType?: () => unknown;
}

type Read = (root: unknown, args: Record<string, unknown>, ctx: unknown, info: unknown) => unknown;

/** Marks a resolver this module made (the schema's test checks which fields have one). */
export const DIRECT = Symbol("direct resolver");

/** The schema's auth checker (buildSchema's `authChecker`, a function that answers at once; authMode "error"). */
export type SyncAuthChecker = (data: ResolverData<never>, roles: unknown[]) => boolean;

/**
 * Calls resolver methods directly where type-graphql's wrapper adds nothing: no middleware, and
 * parameters that type-graphql passes through unchanged (`@Root()` and `@Ctx()` whole or by
 * property, `@Info()`, and `@Arg`s of scalar or enum type; validation is off for the whole schema).
 * For every such call type-graphql's wrapper looks its resolver instance up in a list of all
 * resolver classes, builds a resolver-data object, sorts the parameters' metadata (V8's sort
 * allocates about 900 bytes), maps them to a new array, and awaits an async validation per `@Arg`
 * (a promise each, then `Promise.all`); `@Authorized` adds an async middleware chain (four more
 * promises and closures). A feed page of ten cards made 21 such calls, a profile 7. `@Authorized`
 * methods run the same checker first and throw what type-graphql's auth middleware throws
 * (AuthenticationError without roles, AuthorizationError with). Anything else (input-object
 * arguments, which type-graphql turns into class instances; middleware-wrapped methods;
 * subscriptions) keeps type-graphql's resolver. Same instance per resolver class for every call, as
 * type-graphql's default container keeps one.
 */
export function useDirectResolvers(schema: GraphQLSchema, authChecker: SyncAuthChecker): void {
  const storage = getMetadataStorage() as unknown as {
    queries: HandlerMeta[];
    mutations: HandlerMeta[];
    fieldResolvers: HandlerMeta[];
    objectTypes: Array<{ target: unknown; name: string; fields?: Array<{ name: string; schemaName: string; target: unknown }> }>;
    inputTypes: Array<{ target: unknown }>;
  };
  const inputTargets = new Set(storage.inputTypes.map((t) => t.target));
  const instances = new Map<HandlerMeta["target"], Record<string, unknown>>();
  const direct = (meta: HandlerMeta): GraphQLFieldResolver<unknown, unknown> | null => {
    if ((meta.middlewares?.length ?? 0) > 0) return null;
    const reads: Read[] = [];
    for (const p of [...(meta.params ?? [])].sort((a, b) => a.index - b.index)) {
      const read = readerOf(p, inputTargets);
      if (!read) return null;
      reads.push(read);
    }
    let instance = instances.get(meta.target);
    if (!instance) instances.set(meta.target, (instance = new meta.target()));
    const method = instance[meta.methodName];
    if (typeof method !== "function") return null;
    const self = instance;
    const [a, b, c] = reads;
    const resolve: GraphQLFieldResolver<unknown, unknown> =
      reads.length === 0
        ? () => method.call(self)
        : reads.length === 1
          ? (root, args, ctx, info) => method.call(self, a(root, args, ctx, info))
          : reads.length === 2
            ? (root, args, ctx, info) => method.call(self, a(root, args, ctx, info), b(root, args, ctx, info))
            : reads.length === 3
              ? (root, args, ctx, info) => method.call(self, a(root, args, ctx, info), b(root, args, ctx, info), c(root, args, ctx, info))
              : (root, args, ctx, info) =>
                  method.apply(
                    self,
                    reads.map((r) => r(root, args, ctx, info)),
                  );
    const roles = meta.roles;
    const guarded: GraphQLFieldResolver<unknown, unknown> = roles
      ? (root, args, context, info) => {
          if (!authChecker({ root, args, context, info } as ResolverData<never>, roles)) {
            throw roles.length === 0 ? new AuthenticationError() : new AuthorizationError();
          }
          return resolve(root, args, context, info);
        }
      : resolve;
    return Object.assign(guarded, { [DIRECT]: true });
  };

  // Each resolver type-graphql made, mapped to its direct replacement; an object type that inherits
  // a field shares its parent's resolver function, so it is replaced there too.
  const replacements = new Map<unknown, GraphQLFieldResolver<unknown, unknown>>();
  const root = (type: ReturnType<GraphQLSchema["getQueryType"]>, handlers: HandlerMeta[]) => {
    if (!type) return;
    const fields = type.getFields();
    for (const h of handlers) {
      const field = fields[h.schemaName];
      // Only where one method is the field's resolver (a resolver class and its subclass both define it otherwise).
      if (!field?.resolve || handlers.filter((o) => o.schemaName === h.schemaName).length !== 1) continue;
      const r = direct(h);
      if (r) replacements.set(field.resolve, r);
    }
  };
  root(schema.getQueryType(), storage.queries);
  root(schema.getMutationType(), storage.mutations);
  for (const objectType of storage.objectTypes) {
    const type = schema.getType(objectType.name);
    if (!isObjectType(type)) continue;
    const fields = type.getFields();
    for (const f of objectType.fields ?? []) {
      const field = fields[f.schemaName];
      if (!field?.resolve) continue;
      // As type-graphql's schema generator picks a field's resolver method.
      const metas = storage.fieldResolvers.filter((it) => it.getObjectType?.() === f.target && it.methodName === f.name);
      if (metas.length !== 1 || metas[0].kind !== "external") continue;
      const r = direct(metas[0]);
      if (r) replacements.set(field.resolve, r);
    }
  }
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type)) continue;
    for (const field of Object.values(type.getFields())) {
      const r = field.resolve && replacements.get(field.resolve);
      if (r) field.resolve = r;
    }
  }
}

/** How a parameter is read from the resolver's arguments, or null when type-graphql does more than read it. */
function readerOf(p: ParamMeta, inputTargets: Set<unknown>): Read | null {
  const prop = p.propertyName;
  switch (p.kind) {
    case "root":
      // A typed root is converted to an instance of its class.
      if (p.getType) return null;
      return prop ? (root) => (root as Record<string, unknown>)[prop] : (root) => root;
    case "context":
      return prop ? (_r, _a, ctx) => (ctx as Record<string, unknown>)[prop] : (_r, _a, ctx) => ctx;
    case "info":
      return (_r, _a, _c, info) => info;
    case "arg": {
      if (p.validateFn || (p.validateSettings !== undefined && p.validateSettings !== false) || !p.getType || !p.name) return null;
      const t = p.getType();
      const passedThrough =
        t instanceof GraphQLScalarType ||
        t === String ||
        t === Number ||
        t === Boolean ||
        (typeof t === "object" && t !== null && !inputTargets.has(t));
      if (!passedThrough) return null;
      const name = p.name;
      return (_r, args) => args[name];
    }
    default:
      return null;
  }
}
