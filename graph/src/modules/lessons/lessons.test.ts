import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatPair } from "../../../test/chat.js";
import { eventually } from "../../../test/eventually.js";
import { dbTargets, startTestApp, subscribe, type TestApp } from "../../../test/harness.js";
import { filledStudent } from "../../../test/profiles.js";
import { MAX_OPEN_PROPOSALS } from "../../../../common/lessons.js";
import { MINUTE } from "../../shared/clock.js";
import { Chat } from "../chat/chat.entity.js";
import { ACCEPT, CHANGED, LESSONS, PROPOSE, UPCOMING, wholeHourAfter } from "./lessons.test-support.js";
import { mailSettled } from "../../../test/outbox.js";

describe.each(dbTargets)("lessons on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  const at = (hours: number) => wholeHourAfter(t, hours);
  const code = (r: { errors?: Array<{ extensions?: { code?: string } }> }) => r.errors?.[0]?.extensions?.code;

  it("lets either participant propose slots and only the other accept one, once", async () => {
    const { a, b } = await chatPair(t);
    const outsider = await filledStudent(t);
    const slots = [
      { startsAt: at(48).toISOString(), durationMinutes: 60 },
      { startsAt: at(24).toISOString(), durationMinutes: 90 },
    ];
    const p = await t.gql(PROPOSE, { chatWith: b.id, slots, timezone: "Europe/Berlin" }, a.token);
    expect(p.errors).toBeUndefined();
    const lesson = p.data.proposeLesson;
    expect(lesson).toMatchObject({
      status: "PROPOSED",
      proposedByMe: true,
      partnerId: b.id,
      timezone: "Europe/Berlin",
      startsAt: null,
      partner: { id: b.id },
    });
    // Earliest first, stored as UTC instants.
    expect(lesson.slots.map((s: { startsAt: string }) => s.startsAt)).toEqual([slots[1]!.startsAt, slots[0]!.startsAt]);

    // Bad input changes nothing.
    const bad = async (s: unknown[], tz = "Asia/Kolkata") => t.gql(PROPOSE, { chatWith: b.id, slots: s, timezone: tz }, a.token);
    const pastErr = await bad([{ startsAt: new Date(t.clock.now().getTime() - MINUTE).toISOString(), durationMinutes: 60 }]);
    expect(pastErr.errors?.[0]).toMatchObject({
      message: "Please choose a time in the future",
      extensions: { code: "BAD_USER_INPUT", field: "startsAt" },
    });
    expect((await bad([{ startsAt: at(5).toISOString(), durationMinutes: 10 }])).errors?.[0]?.message).toMatch(/15 to 240 minutes/);
    expect((await bad([{ startsAt: at(5).toISOString(), durationMinutes: 241 }])).errors?.[0]?.message).toMatch(/15 to 240 minutes/);
    expect(
      (await bad([1, 2, 3, 4, 5, 6].map((h) => ({ startsAt: at(h).toISOString(), durationMinutes: 30 })))).errors?.[0]?.message,
    ).toMatch(/at most 5/);
    expect((await bad([{ startsAt: at(5).toISOString(), durationMinutes: 30 }], "Mars/Olympus")).errors?.[0]?.extensions?.field).toBe(
      "timezone",
    );
    expect(code(await t.gql(PROPOSE, { chatWith: a.id, slots, timezone: "UTC" }, outsider.token))).toBe("NOT_FOUND");
    expect((await t.gql(LESSONS, { chatWith: b.id }, a.token)).data.lessons.edges).toHaveLength(1);

    // The proposer cannot accept; an outsider cannot even see it; the partner can, once.
    expect((await t.gql(ACCEPT, { lessonId: lesson.id, slotId: lesson.slots[0].id }, a.token)).errors?.[0]?.message).toBe(
      "You cannot accept your own proposal",
    );
    expect(code(await t.gql(ACCEPT, { lessonId: lesson.id, slotId: lesson.slots[0].id }, outsider.token))).toBe("NOT_FOUND");
    expect(code(await t.gql(ACCEPT, { lessonId: lesson.id, slotId: "not-a-slot" }, b.token))).toBe("BAD_USER_INPUT");
    const [first, second] = await Promise.all([
      t.gql(ACCEPT, { lessonId: lesson.id, slotId: lesson.slots[0].id }, b.token),
      t.gql(ACCEPT, { lessonId: lesson.id, slotId: lesson.slots[1].id }, b.token),
    ]);
    const won = [first, second].filter((r) => !r.errors);
    expect(won).toHaveLength(1);
    expect([first, second].filter((r) => code(r) === "CONFLICT")).toHaveLength(1);
    expect(won[0]!.data.acceptLessonSlot).toMatchObject({ status: "SCHEDULED", proposedByMe: false, partnerId: a.id, sequence: 0 });
    const accepted = won[0]!.data.acceptLessonSlot;
    expect(new Date(accepted.endsAt).getTime() - new Date(accepted.startsAt).getTime()).toBe(accepted.durationMinutes * MINUTE);

    // Both see it among their upcoming lessons.
    expect((await t.gql(UPCOMING, {}, a.token)).data.upcomingLessons.edges.map((e: { node: { id: string } }) => e.node.id)).toContain(
      lesson.id,
    );
    const restUpcoming = await t.rest("GET", "/lessons/upcoming", { token: b.token });
    expect(restUpcoming.status).toBe(200);
    expect(restUpcoming.body.edges[0].node).toMatchObject({ id: lesson.id, partnerId: a.id, status: "scheduled" });
    await mailSettled(t.app.services);
  });

  it("over REST too: lists a chat's lessons, moves a scheduled one and calls it off, once", async () => {
    const { a, b } = await chatPair(t);
    const p = await t.rest("POST", `/user/chat/${b.id}/lessons`, {
      token: a.token,
      body: { slots: [{ startsAt: at(48).toISOString(), durationMinutes: 60 }], timezone: "UTC" },
    });
    expect(p.status).toBe(201);
    const listed = await t.rest("GET", `/user/chat/${a.id}/lessons?first=10`, { token: b.token });
    expect(listed.status).toBe(200);
    expect(listed.body.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual([p.body.id]);
    expect(listed.body.edges[0].node).toMatchObject({ status: "proposed", proposedByMe: false, partnerId: a.id });
    expect((await t.rest("POST", `/lessons/${p.body.id}/accept`, { token: b.token, body: { slotId: p.body.slots[0].id } })).status).toBe(
      200,
    );
    const moved = await t.rest("POST", `/lessons/${p.body.id}/reschedule`, {
      token: a.token,
      body: { slot: { startsAt: at(72).toISOString(), durationMinutes: 45 }, timezone: "UTC" },
    });
    expect(moved).toMatchObject({
      status: 200,
      body: { status: "scheduled", startsAt: at(72).toISOString(), durationMinutes: 45, sequence: 1 },
    });
    expect(await t.rest("POST", `/lessons/${p.body.id}/cancel`, { token: b.token })).toMatchObject({
      status: 200,
      body: { status: "cancelled", sequence: 2 },
    });
    expect(await t.rest("POST", `/lessons/${p.body.id}/cancel`, { token: b.token })).toMatchObject({
      status: 409,
      body: { code: "CONFLICT" },
    });
    await mailSettled(t.app.services);
  });

  it("refuses lessons in a chat that is no longer in progress, and limits open proposals", async () => {
    const { a, b, chat } = await chatPair(t);
    const slot = () => [{ startsAt: at(30).toISOString(), durationMinutes: 45 }];
    // Both send proposals at once, three times the limit: exactly the limit is taken.
    const burst = await Promise.all(
      Array.from({ length: 3 * MAX_OPEN_PROPOSALS }, (_, i) =>
        i % 2
          ? t.gql(PROPOSE, { chatWith: a.id, slots: slot(), timezone: "UTC" }, b.token)
          : t.gql(PROPOSE, { chatWith: b.id, slots: slot(), timezone: "UTC" }, a.token),
      ),
    );
    expect(burst.filter((r) => !r.errors).length).toBe(MAX_OPEN_PROPOSALS);
    for (const r of burst.filter((r) => r.errors)) expect(code(r)).toBe("CONFLICT");
    const sixth = await t.gql(PROPOSE, { chatWith: a.id, slots: slot(), timezone: "UTC" }, b.token);
    expect(sixth.errors?.[0]).toMatchObject({ extensions: { code: "CONFLICT" } });
    const open = (await t.gql(LESSONS, { chatWith: a.id, first: 2 }, b.token)).data.lessons;
    expect(open.edges).toHaveLength(2);
    expect(open.pageInfo.hasNextPage).toBe(true);
    const next = (await t.gql(LESSONS, { chatWith: a.id, first: 10, after: open.pageInfo.endCursor }, b.token)).data.lessons;
    expect(next.edges).toHaveLength(3);
    expect(new Set([...open.edges, ...next.edges].map((e: { node: { id: string } }) => e.node.id)).size).toBe(5);

    await t.dataSource.getRepository(Chat).update({ id: chat.id }, { status: "suspended" });
    const refused = await t.rest("POST", `/user/chat/${b.id}/lessons`, { token: a.token, body: { slots: slot(), timezone: "UTC" } });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe("This chat was reported and is closed");
    // One of a's proposals, answered by b: the chat's state refuses it before anything else.
    const mine = (
      await t.gql(`query ($c: ID!) { lessons(chatWith: $c, first: 10) { edges { node { id proposedByMe } } } }`, { c: b.id }, a.token)
    ).data.lessons.edges;
    const pending = mine.find((e: { node: { proposedByMe: boolean } }) => e.node.proposedByMe).node.id;
    expect((await t.rest("POST", `/lessons/${pending}/accept`, { token: b.token, body: { slotId: "x" } })).status).toBe(409);
  });

  it("tells both open chat pages about a proposal and its acceptance", async () => {
    const { a, b } = await chatPair(t);
    const before = t.app.pubsub.listenerCount("LESSON_CHANGED");
    const subA = subscribe(t.wsClient(a.token), CHANGED, { chatWith: b.id });
    const subB = subscribe(t.wsClient(b.token), CHANGED, { chatWith: a.id });
    await eventually(() => t.app.pubsub.listenerCount("LESSON_CHANGED") >= before + 2, "two live subscriptions");
    const p = (
      await t.gql(PROPOSE, { chatWith: b.id, slots: [{ startsAt: at(20).toISOString(), durationMinutes: 60 }], timezone: "UTC" }, a.token)
    ).data.proposeLesson;
    expect((await subB.next()).data.lessonChanged).toMatchObject({ id: p.id, status: "PROPOSED", proposedByMe: false });
    expect((await subA.next()).data.lessonChanged).toMatchObject({ id: p.id, status: "PROPOSED", proposedByMe: true });
    await t.gql(ACCEPT, { lessonId: p.id, slotId: p.slots[0].id }, b.token);
    expect((await subA.next()).data.lessonChanged).toMatchObject({ id: p.id, status: "SCHEDULED" });
    subA.dispose();
    subB.dispose();
    await mailSettled(t.app.services);
  });
});
