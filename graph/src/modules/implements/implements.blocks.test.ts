import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbTargets, startTestApp, type TestApp } from "../../../test/harness.js";
import { Chat, pairOf } from "../chat/chat.entity.js";
import { BLOCKED_APPLICANT } from "./implement.rules.js";
import { ACCEPT, code, DETAILS, join, listAll, message, post, type TestUser } from "./implements.test-support.js";

describe.each(dbTargets)("implements between students who blocked each other on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  const block = (blocker: TestUser, blocked: TestUser) =>
    t.app.services.deps.tx((em) => t.app.services.blocks.block(blocker.user.id, blocked.user.id, "swap-rejected", em));

  async function restList(viewer: TestUser): Promise<string[]> {
    const r = await t.rest("GET", "/implements?skip=0", { token: viewer.token });
    expect(r.status).toBe(200);
    return r.body.list.map((rec: { _id: string }) => rec._id);
  }

  it.each([
    ["the owner blocked the viewer", true],
    ["the viewer blocked the owner", false],
  ])("hides the owner's posts from the viewer in lists, details and joins when %s, through both doors", async (_label, ownerBlocks) => {
    const [owner, viewer, third] = [await t.createUser(), await t.createUser(), await t.createUser()];
    const p = await post(t, owner, "Blocked either way");
    expect(await listAll(t, viewer)).toContain(p.id);
    if (ownerBlocks) await block(owner, viewer);
    else await block(viewer, owner);

    expect(await listAll(t, viewer)).not.toContain(p.id);
    expect(await restList(viewer)).not.toContain(p.id);
    expect(code(await t.gql(DETAILS, { id: p.id }, viewer.token))).toBe("NOT_FOUND");
    expect((await t.rest("GET", `/implements/${viewer.user.id}/${p.id}`, { token: viewer.token })).status).toBe(404);
    expect(code(await join(t, viewer, p.id))).toBe("NOT_FOUND");

    // Neither the owner nor anyone else loses sight of it.
    expect((await t.gql(DETAILS, { id: p.id }, owner.token)).data.implementPost.id).toBe(p.id);
    expect(await listAll(t, third)).toContain(p.id);
  });

  it("refuses to accept an applicant blocked since they asked, opening no chat", async () => {
    const [owner, applicant] = [await t.createUser(), await t.createUser()];
    const p = await post(t, owner);
    expect((await join(t, applicant, p.id)).errors).toBeUndefined();
    await block(applicant, owner);

    const r = await t.gql(ACCEPT, { input: { postId: p.id, userId: applicant.user.id } }, owner.token);
    expect(code(r)).toBe("CONFLICT");
    expect(message(r)).toBe(BLOCKED_APPLICANT);
    expect(await t.dataSource.getRepository(Chat).count({ where: pairOf(owner.user.id, applicant.user.id) })).toBe(0);
    const rest = await t.rest("POST", `/implements/${p.id}/accept`, { token: owner.token, body: { otheruserId: applicant.user.id } });
    expect(rest.status).toBe(409);
  });
});
