import type { EntityManager } from "typeorm";
import { describe, expect, it } from "vitest";
import { Changes } from "./changes.js";
import { Port } from "./port.js";
import "../modules/accounts/account-changes.js";

const em = {} as EntityManager;

describe("Changes: a lower module tells, the modules above it listen", () => {
  it("calls every listener at once, in the order they registered, and resolves when all have finished", async () => {
    const changes = new Changes();
    const seen: string[] = [];
    let finish!: () => void;
    changes.on("standingChanged", async (_em, userId) => {
      seen.push(`profiles ${userId}`);
      await new Promise<void>((resolve) => (finish = resolve));
      seen.push("profiles done");
    });
    changes.on("standingChanged", (_em, userId) => void seen.push(`leaderboard ${userId}`));
    let told = false;
    const telling = changes.tell("standingChanged", em, "u1").then(() => (told = true));
    // Both ran before tell returned; the first is still waiting, so tell has not resolved.
    expect(seen).toEqual(["profiles u1", "leaderboard u1"]);
    await Promise.resolve();
    expect(told).toBe(false);
    finish();
    await telling;
    expect(seen).toEqual(["profiles u1", "leaderboard u1", "profiles done"]);
  });

  it("fails the change with a listener's failure, and tells nobody when nobody listens", async () => {
    const changes = new Changes();
    await expect(changes.tell("rankingChanged", em, ["u1"])).resolves.toBeUndefined();
    changes.on("rankingChanged", async () => {
      throw new Error("index write failed");
    });
    await expect(changes.tell("rankingChanged", em, ["u1"])).rejects.toThrow("index write failed");
  });
});

describe("Port: what a module reads from a module above it", () => {
  it("answers with its owner once filled, and refuses to be read unfilled or filled twice", () => {
    const port = new Port<{ onlineAmong(ids: string[]): string[] }>("presence");
    expect(port.filled).toBe(false);
    expect(() => port.get()).toThrow("presence: not filled");
    const owner = { onlineAmong: (ids: string[]) => ids.slice(0, 1) };
    port.fill(owner);
    expect(port.get().onlineAmong(["a", "b"])).toEqual(["a"]);
    expect(() => port.fill(owner)).toThrow("presence: filled twice");
  });
});
