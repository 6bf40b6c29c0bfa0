import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbTargets, startTestApp, type TestApp } from "../../../test/harness.js";
import { DAY, HOUR, MINUTE } from "../../shared/clock.js";
import { User } from "../accounts/user.entity.js";
import { FeedEntry } from "../profiles/feed-entry.entity.js";
import { validateProfile } from "../profiles/profile.rules.js";
import { CHESS, GUITAR, Q, REACT, student, type Student } from "./swaps.test-support.js";

const FEED = `query($first: Int, $after: String) { feed(first: $first, after: $after) { edges { node { id } } pageInfo { hasNextPage endCursor } } }`;

/** Among equal matches the feed shows responsive students first, unresponsive ones last. */
describe.each(dbTargets)("the feed ranks by responsiveness on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function renew(...students: Student[]) {
    for (const s of students)
      s.token = await t.app.services.auth.issueToken(await t.dataSource.getRepository(User).findOneByOrFail({ id: s.id }));
  }
  /** `n` requests to `to` from new students (who know React and want Yoga: no match for the viewer). */
  async function requestsTo(to: Student, n: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const from = await student(t, [REACT]);
      const r = await t.gql(Q.requestSwap, { i: { receiverId: to.id, preachSkill: REACT, learnSkill: GUITAR } }, from.token);
      expect(r.errors).toBeUndefined();
      ids.push(r.data.requestSwap.id);
    }
    return ids;
  }
  const tierOf = async (userId: string) => [
    ...new Set(
      (await t.dataSource.getRepository(FeedEntry).find({ where: { userId } })).filter((e) => e.validTo === null).map((e) => e.tier),
    ),
  ];

  it("puts a responsive student before newer ones and an unresponsive one after older ones, page after page", async () => {
    // The viewer wants Guitar: all three teach it, so all three score the same.
    const viewer = await student(t, [CHESS]);
    const wants = validateProfile({ gender: "Male", languages: ["English"], skillsKnown: [CHESS], skillsRequired: [GUITAR] });
    await t.app.services.deps.tx((em) => t.app.services.profiles.writeProfile(em, viewer.id, wants, null));
    t.clock.advance(MINUTE);
    const responsive = await student(t, [GUITAR], "Female");
    t.clock.advance(MINUTE);
    const newcomer = await student(t, [GUITAR], "Female");
    t.clock.advance(MINUTE);
    const silent = await student(t, [GUITAR], "Female");

    const order = async (first: number) => {
      const seen: string[] = [];
      let after: string | null = null;
      for (let page = 0; page < 20; page++) {
        const r: any = await t.gql(FEED, { first, after }, viewer.token);
        expect(r.errors).toBeUndefined();
        seen.push(...r.data.feed.edges.map((e: { node: { id: string } }) => e.node.id));
        if (!r.data.feed.pageInfo.hasNextPage) break;
        after = r.data.feed.pageInfo.endCursor;
      }
      return seen.filter((id) => [responsive.id, newcomer.id, silent.id].includes(id));
    };
    // No history yet: newest first.
    expect(await order(10)).toEqual([silent.id, newcomer.id, responsive.id]);

    for (const id of await requestsTo(responsive, 3)) {
      t.clock.advance(HOUR);
      expect((await t.gql(Q.accept, { id }, responsive.token)).errors).toBeUndefined();
    }
    await requestsTo(silent, 3);
    t.clock.advance(7 * DAY);
    await renew(viewer);
    await t.app.services.swapExpiry.expireDue(t.clock.now());

    expect(await tierOf(responsive.id)).toEqual([2]);
    expect(await tierOf(newcomer.id)).toEqual([1]);
    expect(await tierOf(silent.id)).toEqual([0]);
    expect(await order(10)).toEqual([responsive.id, newcomer.id, silent.id]);
    // The same order one card at a time, through cursors that cross the tiers: no repeats, no gaps.
    expect(await order(1)).toEqual([responsive.id, newcomer.id, silent.id]);
    // REST pages by skip in the same order.
    const rest = await t.rest("GET", `/dashboard?skip=0&userId=${viewer.id}`, { token: viewer.token });
    expect(rest.status).toBe(200);
    const restIds = JSON.stringify(rest.body);
    const pos = [responsive.id, newcomer.id, silent.id].map((id) => restIds.indexOf(id));
    expect(pos.every((p) => p >= 0) && pos[0] < pos[1] && pos[1] < pos[2]).toBe(true);
  });
});
