import { describe, expect, it } from "vitest";
import { Heartbeat } from "./ws.js";

/** A stand-in for a `ws` socket: counts its pings, records being cut off, answers when told. */
function socket(name: string) {
  return {
    name,
    readyState: 1,
    OPEN: 1,
    pings: 0,
    terminated: false,
    ping() {
      this.pings++;
    },
    terminate() {
      this.terminated = true;
    },
  };
}

describe("the socket heartbeat", () => {
  it("pings one slice of the sockets per tick, every socket once per round of ticks", () => {
    const hb = new Heartbeat<ReturnType<typeof socket>>(12);
    const sockets = Array.from({ length: 120 }, (_, i) => socket(`s${i}`));
    for (const s of sockets) hb.add(s);
    hb.tick();
    // Not the whole lot in one burst: a twelfth of them.
    expect(sockets.filter((s) => s.pings > 0)).toHaveLength(10);
    for (let t = 1; t < 12; t++) hb.tick();
    expect(sockets.map((s) => s.pings)).toEqual(sockets.map(() => 1));
  });

  it("cuts off, at its next turn, a socket that did not answer its ping; one that answered is pinged again", () => {
    const hb = new Heartbeat<ReturnType<typeof socket>>(3);
    const [a, b, c] = [socket("a"), socket("b"), socket("c")];
    for (const s of [a, b, c]) hb.add(s);
    for (let t = 0; t < 3; t++) hb.tick();
    hb.pong(a);
    hb.pong(c);
    for (let t = 0; t < 3; t++) hb.tick();
    expect([a.terminated, b.terminated, c.terminated]).toEqual([false, true, false]);
    expect([a.pings, c.pings]).toEqual([2, 2]);
  });

  it("forgets a closed socket, and does not ping one that is not open", () => {
    const hb = new Heartbeat<ReturnType<typeof socket>>(2);
    const [a, b] = [socket("a"), socket("b")];
    hb.add(a);
    hb.add(b);
    hb.remove(a);
    b.readyState = 2; // closing
    for (let t = 0; t < 4; t++) hb.tick();
    expect([a.pings, a.terminated, b.pings, b.terminated]).toEqual([0, false, 0, false]);
  });
});
