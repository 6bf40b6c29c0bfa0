import { describe, expect, it } from "vitest";
import { callerBucket, rateLimitFields } from "./request-budget.js";

describe("the caller's request budget", () => {
  it("is the API key's when the request carries one, whoever signed in and wherever from", () => {
    expect(callerBucket({ apiKey: { id: "key-1", ownerId: "u-9" }, user: null, ip: "203.0.113.7" })).toEqual({
      policy: "key",
      key: "key-1",
    });
  });

  it("is the student's when the token is valid", () => {
    expect(callerBucket({ apiKey: null, user: { id: "u-1", verified: true }, ip: "203.0.113.7" })).toEqual({
      policy: "student",
      key: "u-1",
    });
  });

  it("is the client address's without either (no token, a public route, a refused token)", () => {
    expect(callerBucket({ apiKey: null, user: null, ip: "203.0.113.7" })).toEqual({ policy: "anonymous", key: "203.0.113.7" });
  });

  it("is told in the IETF fields: the policy as a Structured Fields String with q and w, the draw with r and t", () => {
    const fields = rateLimitFields({
      policy: "anonymous",
      quota: 1200,
      windowSeconds: 60,
      remaining: 1198,
      resetSeconds: 42,
      allowed: true,
    });
    expect(fields).toEqual({ policy: '"anonymous";q=1200;w=60', limit: '"anonymous";r=1198;t=42' });
  });
});
