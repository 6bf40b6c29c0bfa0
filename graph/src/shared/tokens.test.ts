import { describe, expect, it } from "vitest";
import { ManualClock } from "./clock.js";
import { TOKEN_TTL_SECONDS, TokenService } from "./tokens.js";

describe("TokenService", () => {
  it("keeps judging a token it has verified before by the clock: it expires on time", async () => {
    const clock = new ManualClock(new Date("2026-01-05T09:00:00Z"));
    const tokens = new TokenService("s".repeat(40), clock);
    const token = await tokens.sign("u1", 3);
    expect(await tokens.verify(token)).toEqual({ userId: "u1", ver: 3 });
    clock.advance(TOKEN_TTL_SECONDS * 1000 - 1000);
    expect(await tokens.verify(token)).toEqual({ userId: "u1", ver: 3 });
    clock.advance(1000);
    expect(await tokens.verify(token)).toBeNull();
  });

  it("refuses a token signed with another key or altered, whatever it has verified before", async () => {
    const clock = new ManualClock(new Date("2026-01-05T09:00:00Z"));
    const tokens = new TokenService("s".repeat(40), clock);
    const other = new TokenService("t".repeat(40), clock);
    const token = await tokens.sign("u1", 0);
    expect(await tokens.verify(token)).not.toBeNull();
    expect(await other.verify(token)).toBeNull();
    const [h, p, sig] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, "base64url").toString()), sub: "u2" })).toString("base64url");
    expect(await tokens.verify(`${h}.${forged}.${sig}`)).toBeNull();
    expect(await tokens.verify(`${token}x`)).toBeNull();
  });
});
