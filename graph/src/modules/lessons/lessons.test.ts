import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatPair, SET_LINK } from "../../../test/chat.js";
import { eventually } from "../../../test/eventually.js";
import { dbTargets, startTestApp, subscribe, type TestApp } from "../../../test/harness.js";
import { filledStudent } from "../../../test/profiles.js";
import { calendarPartsOf, type OutboxMail, outboxMails } from "../../../test/outbox.js";
import { HOUR, MINUTE } from "../../shared/clock.js";
import { User } from "../accounts/user.entity.js";
import { Chat } from "../chat/chat.entity.js";
import { JobRunner } from "../jobs/job-runner.js";

const FIELDS = `id chatId status proposedByMe partnerId timezone sequence startsAt endsAt durationMinutes slots { id startsAt durationMinutes } partner { id name }`;
const PROPOSE = `mutation ($chatWith: ID!, $slots: [LessonSlotInput!]!, $timezone: String!) { proposeLesson(chatWith: $chatWith, slots: $slots, timezone: $timezone) { ${FIELDS} } }`;
const ACCEPT = `mutation ($lessonId: ID!, $slotId: ID!) { acceptLessonSlot(lessonId: $lessonId, slotId: $slotId) { ${FIELDS} } }`;
const CANCEL = `mutation ($lessonId: ID!) { cancelLesson(lessonId: $lessonId) { ${FIELDS} } }`;
const RESCHEDULE = `mutation ($lessonId: ID!, $slot: LessonSlotInput!, $timezone: String!) { rescheduleLesson(lessonId: $lessonId, slot: $slot, timezone: $timezone) { ${FIELDS} } }`;
const LESSONS = `query ($chatWith: ID!, $first: Int, $after: String) { lessons(chatWith: $chatWith, first: $first, after: $after) { edges { cursor node { id status } } pageInfo { hasNextPage endCursor } } }`;
const UPCOMING = `{ upcomingLessons { edges { node { id startsAt partnerId partner { name } } } pageInfo { hasNextPage } } }`;
const CHANGED = `subscription ($chatWith: ID!) { lessonChanged(chatWith: $chatWith) { id status proposedByMe slots { id } } }`;
const HELD = `query ($chatWith: ID!) { chat(chatWith: $chatWith) { id lessonsHeld } }`;

/** An .ics file's properties (first occurrence of each name), lines unfolded per RFC 5545 3.1. */
function icsProps(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.replace(/\r?\n[ \t]/g, "").split(/\r?\n/)) {
    const i = line.indexOf(":");
    if (i < 0) continue;
    const name = line.slice(0, i).split(";")[0]!;
    out[name] ??= line.slice(i + 1);
  }
  return out;
}

const icsTime = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

describe.each(dbTargets)("lessons on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  const mailsTo = (address: string): OutboxMail[] => outboxMails(t.config.dataDir).filter((m) => m.headers.to?.includes(address));
  /** A whole hour at least `hours` from the test clock. */
  const at = (hours: number) => new Date(Math.ceil(t.clock.now().getTime() / HOUR) * HOUR + hours * HOUR);
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
    await t.app.services.background.idle();
  });

  it("refuses lessons in a chat that is no longer in progress, and limits open proposals", async () => {
    const { a, b, chat } = await chatPair(t);
    const slot = () => [{ startsAt: at(30).toISOString(), durationMinutes: 45 }];
    for (let i = 0; i < 5; i++)
      expect((await t.gql(PROPOSE, { chatWith: b.id, slots: slot(), timezone: "UTC" }, a.token)).errors).toBeUndefined();
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
    const pending = next.edges[0].node.id;
    expect((await t.rest("POST", `/lessons/${pending}/accept`, { token: b.token, body: { slotId: "x" } })).status).toBe(409);
  });

  it("mails both students an invitation with the meeting link; reschedule and cancel keep the UID and raise SEQUENCE", async () => {
    const { a, b } = await chatPair(t);
    expect((await t.gql(SET_LINK, { chatWith: b.id, link: "https://meet.example.org/guitar" }, a.token)).errors).toBeUndefined();
    const start = at(72);
    const p = await t.rest("POST", `/user/chat/${b.id}/lessons`, {
      token: a.token,
      body: { slots: [{ startsAt: start.toISOString(), durationMinutes: 90 }], timezone: "Asia/Kolkata" },
    });
    expect(p.status).toBe(201);
    const acc = await t.rest("POST", `/lessons/${p.body.id}/accept`, { token: b.token, body: { slotId: p.body.slots[0].id } });
    expect(acc.status).toBe(200);
    await t.app.services.background.idle();

    for (const s of [a, b]) {
      const [mail] = mailsTo(s.user.email);
      expect(mail?.headers.subject).toMatch(/^Lesson with .+ scheduled$/);
      expect(mail!.text).toContain("Duration: 90 minutes");
      expect(mail!.text).toContain("(Asia/Kolkata)");
      expect(mail!.html).toContain("https://meet.example.org/guitar");
      const [cal] = calendarPartsOf(mail!);
      expect(cal?.headers["content-type"]).toMatch(/text\/calendar.*method=REQUEST/i);
      const props = icsProps(cal!.text);
      expect(props).toMatchObject({
        METHOD: "REQUEST",
        UID: `${p.body.id}@skill-exchange`,
        SEQUENCE: "0",
        DTSTART: icsTime(start),
        DURATION: "PT90M",
        LOCATION: "https://meet.example.org/guitar",
        STATUS: "CONFIRMED",
      });
      expect(cal!.text).toContain(s.user.email);
    }

    const moved = at(96);
    const r = await t.gql(
      RESCHEDULE,
      { lessonId: p.body.id, slot: { startsAt: moved.toISOString(), durationMinutes: 30 }, timezone: "UTC" },
      a.token,
    );
    expect(r.data.rescheduleLesson).toMatchObject({ status: "SCHEDULED", sequence: 1, durationMinutes: 30, startsAt: moved.toISOString() });
    await t.app.services.background.idle();
    const second = mailsTo(b.user.email)[1]!;
    expect(second.headers.subject).toMatch(/moved$/);
    expect(icsProps(calendarPartsOf(second)[0]!.text)).toMatchObject({
      METHOD: "REQUEST",
      UID: `${p.body.id}@skill-exchange`,
      SEQUENCE: "1",
      DTSTART: icsTime(moved),
      DURATION: "PT30M",
    });

    const c = await t.gql(CANCEL, { lessonId: p.body.id }, b.token);
    expect(c.data.cancelLesson).toMatchObject({ status: "CANCELLED", sequence: 2 });
    await t.app.services.background.idle();
    for (const s of [a, b]) {
      const last = mailsTo(s.user.email).at(-1)!;
      expect(last.headers.subject).toMatch(/cancelled$/);
      const cal = calendarPartsOf(last)[0]!;
      expect(cal.headers["content-type"]).toMatch(/method=CANCEL/i);
      expect(icsProps(cal.text)).toMatchObject({
        METHOD: "CANCEL",
        UID: `${p.body.id}@skill-exchange`,
        SEQUENCE: "2",
        STATUS: "CANCELLED",
        DTSTART: icsTime(moved),
      });
    }
    expect(mailsTo(a.user.email)).toHaveLength(3);
    expect((await t.gql(CANCEL, { lessonId: p.body.id }, a.token)).errors?.[0]?.extensions?.code).toBe("CONFLICT");
    expect((await t.gql(UPCOMING, {}, a.token)).data.upcomingLessons.edges.map((e: { node: { id: string } }) => e.node.id)).not.toContain(
      p.body.id,
    );
  });

  it("mails nobody unverified or suspended", async () => {
    const { a, b } = await chatPair(t);
    await t.dataSource.getRepository(User).update({ id: b.id }, { emailVerifiedAt: null });
    await t.dataSource.getRepository(User).update({ id: a.id }, { suspendedUntil: new Date(t.clock.now().getTime() + 30 * 24 * HOUR) });
    const p = (
      await t.gql(PROPOSE, { chatWith: b.id, slots: [{ startsAt: at(10).toISOString(), durationMinutes: 60 }], timezone: "UTC" }, a.token)
    ).data.proposeLesson;
    expect((await t.gql(ACCEPT, { lessonId: p.id, slotId: p.slots[0].id }, b.token)).errors).toBeUndefined();
    await t.app.services.background.idle();
    expect(mailsTo(a.user.email)).toEqual([]);
    expect(mailsTo(b.user.email)).toEqual([]);
  });

  it("reminds each student once, an hour before, however many instances run the job", async () => {
    const { a, b } = await chatPair(t);
    const start = at(5);
    const p = (
      await t.gql(PROPOSE, { chatWith: b.id, slots: [{ startsAt: start.toISOString(), durationMinutes: 60 }], timezone: "UTC" }, a.token)
    ).data.proposeLesson;
    await t.gql(ACCEPT, { lessonId: p.id, slotId: p.slots[0].id }, b.token);
    await t.app.services.background.idle();
    const reminders = (s: { user: { email: string } }) => mailsTo(s.user.email).filter((m) => /^Reminder:/.test(m.headers.subject ?? ""));

    // A second instance: its own runner with the same job, on the same database.
    const logger = t.app.services.deps.logger;
    const other = new JobRunner({ dataSource: t.dataSource, clock: t.clock, logger });
    t.app.services.lessons.schedule(other);

    t.clock.set(new Date(start.getTime() - 2 * HOUR));
    await Promise.all([t.app.services.jobs.runDue(t.clock.now()), other.runDue(t.clock.now())]);
    expect(reminders(a)).toEqual([]);

    t.clock.set(new Date(start.getTime() - 55 * MINUTE));
    // Both instances at once, and the job body itself twice more: one reminder per student.
    await Promise.all([
      t.app.services.jobs.runDue(t.clock.now()),
      other.runDue(t.clock.now()),
      t.app.services.lessons.sendReminders(t.clock.now()),
      t.app.services.lessons.sendReminders(t.clock.now()),
    ]);
    expect(reminders(a)).toHaveLength(1);
    expect(reminders(b)).toHaveLength(1);
    expect(reminders(a)[0]!.text).toContain("starts soon");
    t.clock.advance(10 * MINUTE);
    await Promise.all([t.app.services.jobs.runDue(t.clock.now()), other.runDue(t.clock.now())]);
    expect(reminders(a)).toHaveLength(1);

    // A reschedule brings a new reminder for the new time.
    const moved = new Date(start.getTime() + 24 * HOUR);
    await t.gql(RESCHEDULE, { lessonId: p.id, slot: { startsAt: moved.toISOString(), durationMinutes: 60 }, timezone: "UTC" }, a.token);
    await t.app.services.background.idle();
    t.clock.set(new Date(moved.getTime() - 30 * MINUTE));
    await Promise.all([t.app.services.jobs.runDue(t.clock.now()), other.runDue(t.clock.now())]);
    expect(reminders(b)).toHaveLength(2);
    await other.stop();

    // Once it is over it counts as held.
    t.clock.set(new Date(moved.getTime() + 61 * MINUTE));
    expect((await t.gql(HELD, { chatWith: b.id }, a.token)).data.chat.lessonsHeld).toBe(1);
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
    await t.app.services.background.idle();
  });

  it("exports a student's lessons, and deleting the account cancels their lessons with a CANCEL to the partner", async () => {
    const { a, b } = await chatPair(t);
    const p = (
      await t.gql(PROPOSE, { chatWith: b.id, slots: [{ startsAt: at(40).toISOString(), durationMinutes: 45 }], timezone: "UTC" }, a.token)
    ).data.proposeLesson;
    await t.gql(ACCEPT, { lessonId: p.id, slotId: p.slots[0].id }, b.token);
    await t.app.services.background.idle();
    const exported = await t.app.services.lessons.exportFor(a.id);
    expect(exported).toEqual([expect.objectContaining({ id: p.id, proposedByMe: true, status: "scheduled", durationMinutes: 45 })]);
    await t.app.services.deps.tx(async (em) => {
      expect(await t.app.services.lessons.cancelAllOf(em, a.id)).toBe(1);
    });
    await t.app.services.background.idle();
    const last = mailsTo(b.user.email).at(-1)!;
    expect(icsProps(calendarPartsOf(last)[0]!.text)).toMatchObject({ METHOD: "CANCEL", UID: `${p.id}@skill-exchange`, SEQUENCE: "1" });
    expect((await t.gql(UPCOMING, {}, b.token)).data.upcomingLessons.edges.map((e: { node: { id: string } }) => e.node.id)).not.toContain(
      p.id,
    );
  });
});
