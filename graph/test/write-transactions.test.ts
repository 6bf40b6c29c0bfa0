// Writes take the transaction's EntityManager: a write called without one does not compile (it
// used to fall back to the pool, outside any transaction). Checked by the type check (`tsc`, which
// compiles this file): each `@ts-expect-error` below fails it as soon as the call compiles again.
import { describe, expect, it } from "vitest";
import type { KitServices } from "../src/kit/context.js";
import type { Services } from "../src/services.js";

/** Never run: only compiled. */
function writesWithoutATransaction(s: Services): unknown[] {
  return [
    // @ts-expect-error a block is written in the caller's transaction
    s.blocks.block("a", "b", "reported"),
    // @ts-expect-error a notification is stored in the caller's transaction
    s.notifications.notify({ recipientId: "a", notifierId: "b", type: "swap-accept", message: "m" }),
    // @ts-expect-error removing a request's notifications too
    s.notifications.removeByRef("r"),
    // @ts-expect-error sessions are revoked in the transaction of the change that ends them
    s.auth.revokeSessions("a"),
    // @ts-expect-error a rating is added in the chat's transaction
    s.users.addRating("a", 5),
    // @ts-expect-error an account's visibility is read in the request's transaction
    s.users.isVisible("a"),
    // @ts-expect-error a post is read for an owner's change in its transaction
    s.implementPosts.requireOwned("a", "p"),
    // @ts-expect-error the feed tier is read in the transaction changing it
    s.responseStats.tierOf(undefined, "a"),
    // @ts-expect-error a lesson push is queued in the lesson's transaction
    s.push.lessonNotice(undefined, { id: "l", proposerId: "a", partnerId: "b" }, "proposed", ["b"]),
    // @ts-expect-error the mail of a notification is written in its transaction
    s.notificationMail.notified({} as never),
    // @ts-expect-error a request is read on a named manager (the transaction's or the pool's)
    s.swaps.byId("r"),
    // Coins move only in the caller's transaction (a missing one used to open a transaction of its
    // own, which committed even when the caller's rolled back).
    // @ts-expect-error a reward is given in the transaction that earns it
    s.coins.reward("a", 1, "why", "ref"),
    // @ts-expect-error a payment is held in the transaction that accepts it
    s.coins.hold({ learnerId: "a", teacherId: "b", coins: 1, refKey: "r" }),
    // @ts-expect-error held coins are released in the chat's transaction
    s.coins.release("r"),
    // @ts-expect-error held coins are refunded in the report's transaction
    s.coins.refund("r"),
    // @ts-expect-error bought coins are credited in the order's transaction
    s.coins.creditPurchase({ userId: "a", coins: 1, paymentId: "p", orderId: "o" }),
    // @ts-expect-error a ranking change is told in the transaction that makes it (changedOutside is the explicit other entry)
    s.coins.leaderboard.changed(undefined, ["a"]),
    // @ts-expect-error whether a teacher exists is read in the payment's transaction
    s.users.existsIn("a"),
  ];
}

/** Never run: a resolver or REST route (given KitServices) reaches data only through a module's service. */
function adapterReachesTheDatabase(k: KitServices): unknown[] {
  return [
    // @ts-expect-error no data source for an adapter
    k.deps.dataSource,
    // @ts-expect-error no transaction for an adapter
    k.deps.tx,
  ];
}

describe("writes take the transaction's EntityManager", () => {
  it("is checked at compile time (see the @ts-expect-error lines)", () => {
    expect(typeof writesWithoutATransaction).toBe("function");
    expect(typeof adapterReachesTheDatabase).toBe("function");
  });
});
