import { describe, expect, it } from "vitest";
import type { Services } from "../services.js";
import { type Context, contextFromToken, withChanges } from "./context.js";

const services = { auth: { authenticate: async () => null } } as unknown as Services;
/** What Apollo Server does to a context for every operation (ApolloServer.ts cloneObject). */
const apolloClone = (ctx: Context): Context => Object.assign(Object.create(Object.getPrototypeOf(ctx) as object) as Context, ctx);

describe("a request's context", () => {
  it("reads the caller's address only when a rule asks, once, also through Apollo's copy", async () => {
    let reads = 0;
    const ctx = await contextFromToken(services, null, () => {
      reads++;
      return "203.0.113.7";
    });
    const copy = apolloClone(ctx);
    expect(reads).toBe(0);
    expect(copy.ip).toBe("203.0.113.7");
    expect(ctx.ip).toBe("203.0.113.7");
    expect(reads).toBe(1);
  });

  it("takes an address given as a string as it is", async () => {
    const ctx = await contextFromToken(services, null, "198.51.100.2");
    expect(apolloClone(ctx).ip).toBe("198.51.100.2");
  });

  it("gives every request's context the same prototype (one shape for the resolvers' reads)", async () => {
    const a = await contextFromToken(services, null, () => "203.0.113.8");
    const b = await contextFromToken(services, "forged", "203.0.113.9");
    expect(Object.getPrototypeOf(a)).toBe(Object.getPrototypeOf(b));
    expect(Object.keys(a)).toEqual(Object.keys(b));
    expect(b.tokenRejected).toBe(true);
  });

  it("keeps the address when a REST body's token names the caller or a socket operation gets its own loaders", async () => {
    let reads = 0;
    const ctx = await contextFromToken(services, null, () => {
      reads++;
      return "203.0.113.10";
    });
    const other = withChanges(ctx, { user: { id: "u1" } as never, tokenRejected: false });
    expect(other.user?.id).toBe("u1");
    expect(other.tokenRejected).toBe(false);
    expect(ctx.user).toBeNull();
    expect(other.ip).toBe("203.0.113.10");
    expect(ctx.ip).toBe("203.0.113.10");
    expect(reads).toBe(1);
    const loaders = {} as Context["loaders"];
    const operation = withChanges(ctx, { loaders });
    expect(operation.loaders).toBe(loaders);
    expect(operation.ip).toBe("203.0.113.10");
  });
});
