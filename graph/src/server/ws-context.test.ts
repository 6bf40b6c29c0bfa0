import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness.js";
import { User } from "../modules/accounts/user.entity.js";
import { contextFromToken } from "./context.js";
import { socketOperationContext } from "./ws.js";

const CREATE_KEY = `mutation ($name: String!) { createApiKey(name: $name) { secret key { id } } }`;
const REVOKE_KEY = `mutation ($id: ID!) { revokeApiKey(id: $id) { id } }`;

/**
 * Each operation on an open graphql-ws socket runs as its token says at that moment. A revocation's
 * event closes the socket, but another instance's may not have arrived, and the close takes effect
 * only after the operation has started: the operation itself must not act as the caller.
 */
describe("the context of an operation on an open socket", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp("sqlite");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("is the student as they are now, and nobody once the token is revoked", async () => {
    const { user, token } = await t.createUser({ emailVerifiedAt: null });
    const services = t.app.services;
    const base = await contextFromToken(services, token, "203.0.113.20");
    expect(base.user).toEqual({ id: user.id, verified: false });

    await t.dataSource.getRepository(User).update({ id: user.id }, { emailVerifiedAt: t.clock.now() });
    const now = await socketOperationContext(services, base, token);
    expect(now.refusal).toBeNull();
    expect(now.context.user).toEqual({ id: user.id, verified: true });

    await t.dataSource.getRepository(User).increment({ id: user.id }, "tokenVersion", 1);
    const revoked = await socketOperationContext(services, base, token);
    expect(revoked.refusal).toBe("Forbidden");
    expect(revoked.context.user).toBeNull();
  });

  it("carries no API key once the key is revoked", async () => {
    const owner = await t.createUser();
    const created = (await t.gql(CREATE_KEY, { name: "Club site" }, owner.token)).data.createApiKey as {
      secret: string;
      key: { id: string };
    };
    const services = t.app.services;
    const base = await contextFromToken(services, created.secret, "203.0.113.21");
    expect(base.apiKey).not.toBeNull();
    expect((await socketOperationContext(services, base, created.secret)).context.apiKey).not.toBeNull();

    expect((await t.gql(REVOKE_KEY, { id: created.key.id }, owner.token)).errors).toBeUndefined();
    const revoked = await socketOperationContext(services, base, created.secret);
    expect(revoked.refusal).toBeTruthy();
    expect(revoked.context.apiKey).toBeNull();
    expect(revoked.context.user).toBeNull();
  });
});
