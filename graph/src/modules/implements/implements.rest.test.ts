import { notificationsOf } from "../../../test/notifications.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbTargets, startTestApp, type TestApp } from "../../../test/harness.js";
import { Chat, pairOf } from "../chat/chat.entity.js";
import { MESSAGES } from "./implement.rules.js";
import type { TestUser } from "./implements.test-support.js";

describe.each(dbTargets)("implements REST on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  const create = (u: TestUser, title = "Smart attendance", description = "Face recognition in class") =>
    t.rest("POST", "/implements", { token: u.token, body: { title, description, userId: u.user.id, userName: u.user.name } });
  const joinRest = (u: TestUser, id: string, description = "I can do the ML part") =>
    t.rest("POST", `/implements/${id}/join`, {
      token: u.token,
      body: { userId: u.user.id, description, title: "x", userName: u.user.name },
    });

  async function setup() {
    const [owner, applicant] = [await t.createUser(), await t.createUser()];
    const created = await create(owner);
    expect(created.status).toBe(200);
    const id = created.body.record._id as string;
    expect((await joinRest(applicant, id)).body).toEqual({ error: "", status: "pending" });
    return { owner, applicant, id };
  }

  it("creates and reads records in the documented shape", async () => {
    const { owner, applicant, id } = await setup();
    const mine = await t.rest("GET", `/implements/${owner.user.id}`, { token: owner.token });
    expect(mine.status).toBe(200);
    expect(mine.body.records).toEqual([
      {
        _id: id,
        owner: owner.user.id,
        ownerName: owner.user.name,
        visible: true,
        status: null,
        details: {
          _id: id,
          title: "Smart attendance",
          description: "Face recognition in class",
          createdAt: expect.any(String),
          rejectedUsers: [],
          acceptedUsers: [
            { user: applicant.user.id, userName: applicant.user.name, description: "I can do the ML part", status: "pending" },
          ],
        },
      },
    ]);
    const details = await t.rest("GET", `/implements/${applicant.user.id}/${id}`, { token: applicant.token });
    expect(details.body.record).toMatchObject({ _id: id, status: "pending", details: { acceptedUsers: [{ user: applicant.user.id }] } });
    // someone else sees no applicants
    const other = await t.createUser();
    const theirs = await t.rest("GET", `/implements/${other.user.id}/${id}`, { token: other.token });
    expect(theirs.body.record).toMatchObject({ status: null, details: { acceptedUsers: [], rejectedUsers: [] } });
  });

  it("refuses ids that are not the caller's with 403, and missing tokens with 401", async () => {
    const { owner, applicant, id } = await setup();
    expect((await t.rest("GET", `/implements/${owner.user.id}`, { token: applicant.token })).status).toBe(403);
    expect((await t.rest("GET", `/implements/${owner.user.id}/${id}`, { token: applicant.token })).status).toBe(403);
    const forged = await t.rest("POST", "/implements", {
      token: applicant.token,
      body: { title: "t", description: "d", userId: owner.user.id },
    });
    expect(forged.status).toBe(403);
    const joinAs = await t.rest("POST", `/implements/${id}/join`, {
      token: applicant.token,
      body: { userId: owner.user.id, description: "d" },
    });
    expect(joinAs.status).toBe(403);
    expect((await t.rest("GET", "/implements")).status).toBe(401);
    expect((await t.rest("POST", `/implements/${id}/accept`, { body: { otheruserId: applicant.user.id } })).status).toBe(401);
  });

  it("answers validation messages with 400", async () => {
    const { owner, id } = await setup();
    const blank = await create(owner, "", "d");
    expect(blank).toMatchObject({ status: 400, body: { error: MESSAGES.titleRequired } });
    const other = await t.createUser();
    expect((await joinRest(other, id, " ")).body.error).toBe(MESSAGES.joinReasonRequired);
    expect((await t.rest("GET", "/implements?skip=-1", { token: owner.token })).status).toBe(400);
  });

  it("pages GET /implements with skip, without duplicates, ending with an empty list", async () => {
    const viewer = await t.createUser();
    const owner = await t.createUser();
    for (let i = 0; i < 23; i++) await create(owner, `Skip ${i}`);
    const ids: string[] = [];
    for (let skip = 0; ;) {
      const r = await t.rest("GET", `/implements?skip=${skip}`, { token: viewer.token });
      expect(r.status).toBe(200);
      if (r.body.list.length === 0) break;
      ids.push(...r.body.list.map((x: { _id: string }) => x._id));
      skip = ids.length;
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual(23);
    const mineSeen = (await t.rest("GET", "/implements", { token: owner.token })).body.list.filter(
      (x: { owner: string }) => x.owner === owner.user.id,
    );
    expect(mineSeen).toEqual([]);
  });

  it("accepts, rejects with a reason and rejects permanently; only the owner", async () => {
    const { owner, applicant, id } = await setup();
    const stranger = await t.createUser();
    const body = { otheruserId: applicant.user.id, title: "Smart attendance" };
    expect((await t.rest("POST", `/implements/${id}/accept`, { token: stranger.token, body })).status).toBe(403);
    expect((await t.rest("POST", `/implements/${id}/reject`, { token: owner.token, body })).body.error).toBe(MESSAGES.rejectReasonRequired);
    const reject = await t.rest("POST", `/implements/${id}/reject`, {
      token: owner.token,
      body: { ...body, reason: "Team is already full" },
    });
    expect(reject.body).toEqual({ error: "", status: "rejected", reason: "Team is already full" });
    expect((await t.rest("GET", `/implements/${applicant.user.id}/${id}`, { token: applicant.token })).status).toBe(404);
    const record = (await t.rest("GET", `/implements/${owner.user.id}`, { token: owner.token })).body.records[0];
    expect(record.details.rejectedUsers).toEqual([
      { user: applicant.user.id, userName: applicant.user.name, reason: "Team is already full", permanent: false },
    ]);
    expect(record.details.acceptedUsers).toEqual([]);
    expect((await t.rest("POST", `/implements/${id}/accept`, { token: owner.token, body })).body).toEqual({
      error: "",
      status: "accepted",
    });
    const perm = await t.rest("POST", `/implements/${id}/rejectPermanent`, {
      token: owner.token,
      body: { ...body, reason: "Other", otherReason: "No show" },
    });
    expect(perm.body).toEqual({ error: "", status: "rejected_permanently", reason: "No show" });
  });

  it("hides and shows a post with POST /implements/:userID/:recordId/visibility (owner only)", async () => {
    const { owner, applicant, id } = await setup();
    expect(
      (await t.rest("POST", `/implements/${applicant.user.id}/${id}/visibility`, { token: applicant.token, body: { visibility: false } }))
        .status,
    ).toBe(403);
    expect(
      (await t.rest("POST", `/implements/${owner.user.id}/${id}/visibility`, { token: applicant.token, body: { visibility: false } }))
        .status,
    ).toBe(403);
    const hide = await t.rest("POST", `/implements/${owner.user.id}/${id}/visibility`, {
      token: owner.token,
      body: { visibility: "false" },
    });
    expect(hide.body).toEqual({ error: "", visible: false });
    expect((await t.rest("GET", `/implements/${applicant.user.id}/${id}`, { token: applicant.token })).status).toBe(404);
    await t.rest("POST", `/implements/${owner.user.id}/${id}/visibility`, { token: owner.token, body: { visibility: true } });
    expect((await t.rest("GET", `/implements/${applicant.user.id}/${id}`, { token: applicant.token })).status).toBe(200);
  });

  it("POST /user/chat/:ownerId/open only for an accepted applicant, idempotently", async () => {
    const { owner, applicant, id } = await setup();
    const open = (token: string, ownerId: string, other: string) =>
      t.rest("POST", `/user/chat/${ownerId}/open`, { token, body: { otheruserId: other, title: "Smart attendance", message: "Welcome" } });
    expect((await open(owner.token, owner.user.id, applicant.user.id)).status).toBe(403); // still pending
    expect((await open(applicant.token, owner.user.id, applicant.user.id)).status).toBe(403);
    await t.rest("POST", `/implements/${id}/accept`, { token: owner.token, body: { otheruserId: applicant.user.id } });
    expect((await open(owner.token, owner.user.id, applicant.user.id)).body).toEqual({ error: "", opened: false });
    expect((await open(applicant.token, applicant.user.id, owner.user.id)).status).toBe(403);
    expect(await t.dataSource.getRepository(Chat).count({ where: pairOf(owner.user.id, applicant.user.id) })).toBe(1);
  });

  it("POST /notifications accepts only an owner's implement decision, never duplicating it", async () => {
    const { owner, applicant, id } = await setup();
    const send = (token: string, body: Record<string, unknown>) => t.rest("POST", "/notifications", { token, body });
    const accepted = { userId: applicant.user.id, from_user: owner.user.id, message: "Accepted", type: "acceptImplementUser" };
    expect((await send(owner.token, accepted)).status).toBe(403); // not decided yet
    await t.rest("POST", `/implements/${id}/accept`, { token: owner.token, body: { otheruserId: applicant.user.id } });
    expect((await send(owner.token, accepted)).body).toEqual({ error: "", sent: false });
    expect((await send(owner.token, { ...accepted, type: "rejectImplementUser" })).status).toBe(403);
    expect((await send(owner.token, { ...accepted, type: "swap-accept" })).status).toBe(403);
    expect((await send(applicant.token, accepted)).status).toBe(403); // from_user is not the caller
    expect((await send(applicant.token, { ...accepted, userId: owner.user.id, from_user: applicant.user.id })).status).toBe(403);
    const notes = await notificationsOf(t, applicant.user.id);
    expect(notes.filter((n) => n.type === "acceptImplementUser")).toHaveLength(1);
  });
});
