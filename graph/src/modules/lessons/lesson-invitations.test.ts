import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { advanceDays, chatPair, FINISH, RATE, REPORT, SET_LINK } from "../../../test/chat.js";
import { dbTargets, startTestApp, type TestApp } from "../../../test/harness.js";
import { calendarPartsOf, mailSettled, outboxMailsTo } from "../../../test/outbox.js";
import { HOUR, MINUTE } from "../../shared/clock.js";
import { User } from "../accounts/user.entity.js";
import { JobRunner } from "../jobs/job-runner.js";
import { ACCEPT, CANCEL, HELD, PROPOSE, RESCHEDULE, UPCOMING, wholeHourAfter } from "./lessons.test-support.js";

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

const LESSONS_OF = `query ($chatWith: ID!) { lessons(chatWith: $chatWith, first: 20) { edges { node { id status } } } }`;

const icsTime = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

describe.each(dbTargets)("lesson invitations and reminders on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  const mailsTo = (address: string) => outboxMailsTo(t.config.dataDir, address);
  const at = (hours: number) => wholeHourAfter(t, hours);

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
    await mailSettled(t.app.services);

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
    await mailSettled(t.app.services);
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
    await mailSettled(t.app.services);
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

  it("names in SUMMARY the skill being taught and who teaches it (both skills of a swap, the paid one, the project)", async () => {
    const summaryOf = async (kind: "swap" | "pay" | "implement") => {
      const { a, b } = await chatPair(t, { kind, coins: 5 });
      const p = await t.gql(
        PROPOSE,
        { chatWith: b.id, slots: [{ startsAt: at(48).toISOString(), durationMinutes: 60 }], timezone: "UTC" },
        a.token,
      );
      await t.gql(ACCEPT, { lessonId: p.data.proposeLesson.id, slotId: p.data.proposeLesson.slots[0].id }, b.token);
      await mailSettled(t.app.services);
      const [toA] = mailsTo(a.user.email);
      const [toB] = mailsTo(b.user.email);
      const summary = icsProps(calendarPartsOf(toA!)[0]!.text).SUMMARY;
      expect(icsProps(calendarPartsOf(toB!)[0]!.text).SUMMARY).toBe(summary);
      return { summary, a: a.user.name, b: b.user.name };
    };
    const swap = await summaryOf("swap");
    expect(swap.summary).toBe(`Skill swap: Guitar taught by ${swap.b} and React taught by ${swap.a}`);
    const pay = await summaryOf("pay");
    expect(pay.summary).toBe(`Guitar lesson taught by ${pay.b}`);
    const project = await summaryOf("implement");
    expect(project.summary).toBe(`Build a robot: project session with ${project.b}`);
  });

  it("mails nobody unverified or suspended", async () => {
    const { a, b } = await chatPair(t);
    await t.dataSource.getRepository(User).update({ id: b.id }, { emailVerifiedAt: null });
    await t.dataSource.getRepository(User).update({ id: a.id }, { suspendedUntil: new Date(t.clock.now().getTime() + 30 * 24 * HOUR) });
    const p = (
      await t.gql(PROPOSE, { chatWith: b.id, slots: [{ startsAt: at(10).toISOString(), durationMinutes: 60 }], timezone: "UTC" }, a.token)
    ).data.proposeLesson;
    expect((await t.gql(ACCEPT, { lessonId: p.id, slotId: p.slots[0].id }, b.token)).errors).toBeUndefined();
    await mailSettled(t.app.services);
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
    await mailSettled(t.app.services);
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
    await mailSettled(t.app.services);
    expect(reminders(a)).toHaveLength(1);
    expect(reminders(b)).toHaveLength(1);
    expect(reminders(a)[0]!.text).toContain("starts soon");
    t.clock.advance(10 * MINUTE);
    await Promise.all([t.app.services.jobs.runDue(t.clock.now()), other.runDue(t.clock.now())]);
    expect(reminders(a)).toHaveLength(1);

    // A reschedule brings a new reminder for the new time.
    const moved = new Date(start.getTime() + 24 * HOUR);
    await t.gql(RESCHEDULE, { lessonId: p.id, slot: { startsAt: moved.toISOString(), durationMinutes: 60 }, timezone: "UTC" }, a.token);
    await mailSettled(t.app.services);
    t.clock.set(new Date(moved.getTime() - 30 * MINUTE));
    await Promise.all([t.app.services.jobs.runDue(t.clock.now()), other.runDue(t.clock.now())]);
    await mailSettled(t.app.services);
    expect(reminders(b)).toHaveLength(2);
    await other.stop();

    // Once it is over it counts as held.
    t.clock.set(new Date(moved.getTime() + 61 * MINUTE));
    expect((await t.gql(HELD, { chatWith: b.id }, a.token)).data.chat.lessonsHeld).toBe(1);
  });

  it("exports a student's lessons, and deleting the account cancels their lessons with a CANCEL to the partner", async () => {
    const { a, b } = await chatPair(t);
    const p = (
      await t.gql(PROPOSE, { chatWith: b.id, slots: [{ startsAt: at(40).toISOString(), durationMinutes: 45 }], timezone: "UTC" }, a.token)
    ).data.proposeLesson;
    await t.gql(ACCEPT, { lessonId: p.id, slotId: p.slots[0].id }, b.token);
    await mailSettled(t.app.services);
    const exported = await t.app.services.lessons.reads.exportFor(a.id);
    expect(exported).toEqual([expect.objectContaining({ id: p.id, proposedByMe: true, status: "scheduled", durationMinutes: 45 })]);
    await t.app.services.deps.tx(async (em) => {
      expect(await t.app.services.lessons.cancelAllOf(em, a.id)).toBe(1);
    });
    await mailSettled(t.app.services);
    const last = mailsTo(b.user.email).at(-1)!;
    expect(icsProps(calendarPartsOf(last)[0]!.text)).toMatchObject({ METHOD: "CANCEL", UID: `${p.id}@skill-exchange`, SEQUENCE: "1" });
    expect((await t.gql(UPCOMING, {}, b.token)).data.upcomingLessons.edges.map((e: { node: { id: string } }) => e.node.id)).not.toContain(
      p.id,
    );
  });

  it("a chat that ends takes its lessons still ahead with it: finished by both, or reported (a CANCEL to both, no reminder)", async () => {
    /** A chat with one lesson scheduled `hours` ahead and one proposal waiting. */
    async function withLessons(hours: number) {
      const pair = await chatPair(t);
      const { a, b } = pair;
      const slot = (h: number) => [{ startsAt: at(h).toISOString(), durationMinutes: 45 }];
      const p = (await t.gql(PROPOSE, { chatWith: b.id, slots: slot(hours), timezone: "UTC" }, a.token)).data.proposeLesson;
      await t.gql(ACCEPT, { lessonId: p.id, slotId: p.slots[0].id }, b.token);
      const waiting = (await t.gql(PROPOSE, { chatWith: a.id, slots: slot(hours + 24), timezone: "UTC" }, b.token)).data.proposeLesson;
      return { ...pair, scheduled: p.id, waiting: waiting.id };
    }
    const statuses = async (token: string, chatWith: string) =>
      Object.fromEntries(
        (await t.gql(LESSONS_OF, { chatWith }, token)).data.lessons.edges.map((e: { node: { id: string; status: string } }) => [
          e.node.id,
          e.node.status,
        ]),
      );

    // Finished: ten days in, both rate and finish; the lesson planned for day 12 will not happen.
    const done = await withLessons(12 * 24);
    await advanceDays(t, 10);
    for (const [me, other] of [
      [done.a, done.b],
      [done.b, done.a],
    ] as const) {
      await t.gql(RATE, { chatWith: other.id, stars: 5 }, me.token);
      expect((await t.gql(FINISH, { chatWith: other.id }, me.token)).errors).toBeUndefined();
    }
    expect(await statuses(done.a.token, done.b.id)).toEqual({ [done.scheduled]: "CANCELLED", [done.waiting]: "CANCELLED" });
    await mailSettled(t.app.services);
    for (const who of [done.a, done.b]) {
      const calendars = mailsTo(who.user.email).flatMap((m) => calendarPartsOf(m).map((part) => icsProps(part.text)));
      expect(
        calendars
          .filter((c) => c.UID === `${done.scheduled}@skill-exchange`)
          .map((c) => c.METHOD)
          .sort(),
      ).toEqual(["CANCEL", "REQUEST"]);
    }

    // Reported: the reported student's lesson is called off at once too.
    const reported = await withLessons(30);
    expect((await t.gql(REPORT, { chatWith: reported.a.id, reason: "HARASSMENT" }, reported.b.token)).errors).toBeUndefined();
    expect(await statuses(reported.b.token, reported.a.id)).toEqual({
      [reported.scheduled]: "CANCELLED",
      [reported.waiting]: "CANCELLED",
    });
    expect((await t.gql(UPCOMING, {}, reported.a.token)).data.upcomingLessons.edges).toEqual([]);
  });
});
