import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbTargets, startTestApp, type TestApp } from "../../../test/harness.js";
import { MESSAGES } from "./implement.rules.js";
import {
  code,
  CREATE,
  DETAILS,
  join,
  LIST,
  listAll,
  message,
  MINE,
  post,
  REJECT,
  REJECT_PERMANENTLY,
  VISIBILITY,
} from "./implements.test-support.js";

describe.each(dbTargets)("implement posts on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("creates a visible post owned by the caller, keeping text as typed", async () => {
    const a = await t.createUser();
    const r = await t.gql(CREATE, { input: { title: "  <b>Robot</b> arm  ", description: "Needs <script>x</script> & C++" } }, a.token);
    expect(r.data.createImplementPost).toMatchObject({
      title: "<b>Robot</b> arm",
      description: "Needs <script>x</script> & C++",
      visible: true,
      ownerId: a.user.id,
      isMine: true,
      owner: { id: a.user.id, name: a.user.name },
      applicants: { edges: [] },
      myApplication: null,
    });
  });

  it("needs a title and a description within their limits, and changes nothing otherwise", async () => {
    const a = await t.createUser();
    const cases: Array<[Record<string, string>, string]> = [
      [{ title: "  ", description: "d" }, MESSAGES.titleRequired],
      [{ title: "t", description: "" }, MESSAGES.descriptionRequired],
      [{ title: "x".repeat(121), description: "d" }, MESSAGES.titleTooLong],
      [{ title: "t", description: "x".repeat(2001) }, MESSAGES.descriptionTooLong],
    ];
    for (const [input, text] of cases) {
      const r = await t.gql(CREATE, { input }, a.token);
      expect(code(r)).toBe("BAD_USER_INPUT");
      expect(message(r)).toBe(text);
    }
    expect((await t.gql(MINE, {}, a.token)).data.myImplementPosts.edges.map((e: any) => e.node)).toEqual([]);
    const max = await t.gql(CREATE, { input: { title: "x".repeat(120), description: "y".repeat(2000) } }, a.token);
    expect(max.data.createImplementPost.title).toHaveLength(120);
  });

  it("lists only visible posts of others that have not rejected me, once or permanently", async () => {
    const [me, owner, other] = [await t.createUser(), await t.createUser(), await t.createUser()];
    const mine = await post(t, me, "Mine");
    const open = await post(t, owner, "Open");
    const hidden = await post(t, owner, "Hidden");
    const rejectsOnce = await post(t, other, "Rejects once");
    const rejectsForever = await post(t, other, "Rejects forever");
    const pendingHere = await post(t, other, "Pending");
    await t.gql(VISIBILITY, { postId: hidden.id, visible: false }, owner.token);
    for (const p of [rejectsOnce, rejectsForever, pendingHere]) expect((await join(t, me, p.id)).errors).toBeUndefined();
    const reason = { reason: "DOES_NOT_MEET_REQUIREMENTS" };
    await t.gql(REJECT, { input: { postId: rejectsOnce.id, userId: me.user.id, ...reason } }, other.token);
    await t.gql(REJECT_PERMANENTLY, { input: { postId: rejectsForever.id, userId: me.user.id, ...reason } }, other.token);

    const seen = await listAll(t, me);
    expect(seen).toContain(open.id);
    expect(seen).toContain(pendingHere.id);
    for (const p of [mine, hidden, rejectsOnce, rejectsForever]) expect(seen).not.toContain(p.id);
    // someone else still sees the posts that rejected me
    const third = await t.createUser();
    const seenByThird = await listAll(t, third);
    for (const p of [mine, open, rejectsOnce, rejectsForever, pendingHere]) expect(seenByThird).toContain(p.id);
    expect(seenByThird).not.toContain(hidden.id);
  });

  it("answers NOT_FOUND for the details of a hidden post, a rejecting owner's post or no post; the owner always sees theirs", async () => {
    const [me, owner] = [await t.createUser(), await t.createUser()];
    const hidden = await post(t, owner, "Hidden");
    const rejecting = await post(t, owner, "Rejecting");
    const permanent = await post(t, owner, "Permanent");
    await t.gql(VISIBILITY, { postId: hidden.id, visible: false }, owner.token);
    for (const p of [rejecting, permanent]) await join(t, me, p.id);
    await t.gql(REJECT, { input: { postId: rejecting.id, userId: me.user.id, reason: "INCOMPLETE_PROFILE" } }, owner.token);
    await t.gql(REJECT_PERMANENTLY, { input: { postId: permanent.id, userId: me.user.id, reason: "DUPLICATE_ACCOUNT" } }, owner.token);
    for (const id of [hidden.id, rejecting.id, permanent.id, "no-such-post"]) {
      const r = await t.gql(DETAILS, { id }, me.token);
      expect(code(r)).toBe("NOT_FOUND");
      expect(r.data).toBeNull();
    }
    for (const p of [hidden, rejecting, permanent]) {
      expect((await t.gql(DETAILS, { id: p.id }, owner.token)).data.implementPost.id).toBe(p.id);
    }
  });

  it("lets only the owner hide and show a post", async () => {
    const [owner, other] = [await t.createUser(), await t.createUser()];
    const p = await post(t, owner);
    const refused = await t.gql(VISIBILITY, { postId: p.id, visible: false }, other.token);
    expect(code(refused)).toBe("FORBIDDEN");
    expect((await t.gql(DETAILS, { id: p.id }, other.token)).data.implementPost.visible).toBe(true);
    expect((await t.gql(VISIBILITY, { postId: p.id, visible: false }, owner.token)).data.setImplementPostVisibility.visible).toBe(false);
    expect(await listAll(t, other)).not.toContain(p.id);
    expect(code(await t.gql(DETAILS, { id: p.id }, other.token))).toBe("NOT_FOUND");
    expect(code(await join(t, other, p.id))).toBe("NOT_FOUND");
    const mine = await t.gql(MINE, {}, owner.token);
    expect(mine.data.myImplementPosts.edges.map((e: any) => e.node)).toMatchObject([{ id: p.id, visible: false }]);
    await t.gql(VISIBILITY, { postId: p.id, visible: true }, owner.token);
    expect(await listAll(t, other)).toContain(p.id);
    expect(code(await t.gql(VISIBILITY, { postId: "missing", visible: true }, owner.token))).toBe("NOT_FOUND");
  });

  it("pages with cursors newest first, without duplicates or gaps, even while posts are added", async () => {
    const viewer = await t.createUser();
    const owners = [await t.createUser(), await t.createUser()];
    const before = new Set(await listAll(t, viewer));
    const made: string[] = [];
    for (let i = 0; i < 23; i++) {
      if (i % 5 === 0) t.clock.advance(1000); // several posts share a timestamp: the id breaks the tie
      made.push((await post(t, owners[i % 2], `P${i}`)).id);
    }
    const seen: string[] = [];
    let after: string | null = null;
    for (let page = 0; ; page++) {
      const r: any = await t.gql(LIST, { first: 7, after }, viewer.token);
      seen.push(...r.data.implementPosts.edges.map((e: any) => e.node).map((p: { id: string }) => p.id));
      if (page === 1) await post(t, owners[0], "Added while paging"); // lands before the cursor, never repeats
      if (!r.data.implementPosts.pageInfo.hasNextPage) break;
      after = r.data.implementPosts.pageInfo.endCursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => !before.has(id)).sort()).toEqual([...made].sort());
    // newest first: the last batch (same second) comes before the first one
    expect(seen.indexOf(made[22])).toBeLessThan(seen.indexOf(made[0]));
    expect(code(await t.gql(LIST, { first: 0 }, viewer.token))).toBe("BAD_USER_INPUT");
    expect(code(await t.gql(LIST, { first: 101 }, viewer.token))).toBe("BAD_USER_INPUT");
    expect(code(await t.gql(LIST, { after: "garbage" }, viewer.token))).toBe("BAD_USER_INPUT");
  });

  it("pages the owner's own posts, hidden ones included", async () => {
    const owner = await t.createUser();
    for (let i = 0; i < 5; i++) await post(t, owner, `Mine ${i}`);
    const first = await t.gql(MINE, { first: 3 }, owner.token);
    expect(first.data.myImplementPosts.edges.map((e: any) => e.node)).toHaveLength(3);
    expect(first.data.myImplementPosts.pageInfo.hasNextPage).toBe(true);
    const rest = await t.gql(MINE, { first: 3, after: first.data.myImplementPosts.pageInfo.endCursor }, owner.token);
    expect(rest.data.myImplementPosts.edges.map((e: any) => e.node)).toHaveLength(2);
    expect(rest.data.myImplementPosts.pageInfo.hasNextPage).toBe(false);
  });

  it("needs a token", async () => {
    expect(code(await t.gql(LIST, {}))).toBe("UNAUTHENTICATED");
    expect(code(await t.gql(CREATE, { input: { title: "t", description: "d" } }))).toBe("UNAUTHENTICATED");
  });
});
