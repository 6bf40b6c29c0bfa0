/**
 * Saved searches: the limit and ownership, and the alerts for new matches (a newly verified
 * student, a changed profile), at most once a day per search, never about the owner, blocked
 * or suspended students, with a one-click unsubscribe from the mail.
 */
import { notificationsOf } from "../../../test/notifications.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAVED_SEARCH_MAX } from "../../../../common/discovery.js";
import { dbTargets, startTestApp, type TestApp } from "../../../test/harness.js";
import { mailSettled, outboxMails } from "../../../test/outbox.js";
import { DAY, HOUR } from "../../shared/clock.js";
import { hashPassword } from "../accounts/passwords.js";
import { User } from "../accounts/user.entity.js";
import { validateProfile } from "./profile.rules.js";
import { rate, student } from "../../../test/discovery.js";

const SAVE = `mutation Save($input: SavedSearchInput!) { saveSearch(input: $input) { id name query field alertsOn filters { language skill minRating maxCoins onlineNow hasTaught category } } }`;
const LIST = `{ savedSearches { id name } }`;
const DELETE = `mutation Del($id: ID!) { deleteSavedSearch(id: $id) }`;
const P = "Programming & Technology";

describe.each(dbTargets)("saved searches on %s", (target) => {
  let t: TestApp;
  let owner: { id: string; token: string };
  let other: { id: string; token: string };

  beforeAll(async () => {
    t = await startTestApp(target);
    owner = await student(t, { name: "Owner", known: [[P, "Python"]], required: [[P, "React"]] });
    other = await student(t, { name: "Other", known: [[P, "Go"]], required: [[P, "React"]] });
  });
  afterAll(async () => {
    await t?.close();
  });

  const save = async (token: string, input: Record<string, unknown>) => t.gql(SAVE, { input }, token);
  const alertsOf = async (userId: string) => (await notificationsOf(t, userId)).filter((n) => n.type === "saved-search-match");
  /** One run of the hourly job, an hour later. */
  const tick = async () => {
    t.clock.advance(HOUR);
    await t.app.services.jobs.runDue(t.clock.now());
  };

  it("saves, lists and deletes; at most five; only the owner's", async () => {
    const first: any = await save(owner.token, { name: "Tamil teachers", filters: { language: "Tamil", minRating: 4 } });
    expect(first.errors?.[0]?.message).toBeUndefined();
    expect(first.data.saveSearch).toMatchObject({ name: "Tamil teachers", query: "", field: "NAME", alertsOn: true });
    expect(first.data.saveSearch.filters).toMatchObject({ language: "Tamil", minRating: 4, onlineNow: false, hasTaught: false });
    for (let i = 1; i < SAVED_SEARCH_MAX; i++)
      expect((await save(owner.token, { name: `S${i}`, query: "py", field: "SKILLS_KNOWN" })).errors).toBeUndefined();
    const tooMany: any = await save(owner.token, { name: "Sixth", filters: { skill: "Go" } });
    expect(tooMany.errors?.[0].extensions?.code).toBe("CONFLICT");
    expect(tooMany.errors?.[0].message).toMatch(/at most 5 saved searches/);
    const list: any = await t.gql(LIST, {}, owner.token);
    expect(list.data.savedSearches).toHaveLength(SAVED_SEARCH_MAX);
    // Someone else's search is not theirs to delete (nor to see).
    const notMine: any = await t.gql(DELETE, { id: first.data.saveSearch.id }, other.token);
    expect(notMine.errors?.[0].extensions?.code).toBe("NOT_FOUND");
    expect(((await t.gql(LIST, {}, other.token)) as any).data.savedSearches).toEqual([]);
    // Validation: a name, and something to search for.
    expect(((await save(other.token, { name: " ", filters: { skill: "Go" } })) as any).errors?.[0].message).toMatch(/name of 1 to 60/);
    expect(((await save(other.token, { name: "Empty" })) as any).errors?.[0].message).toMatch(/at least one filter/);
    expect(((await save(other.token, { name: "Bad", filters: { language: "Elvish" } })) as any).errors?.[0].message).toMatch(
      /^language must be/,
    );
    // REST: the same rules.
    const rest = await t.rest("POST", "/saved-searches", { token: owner.token, body: { name: "Seventh", filters: { skill: "Go" } } });
    expect(rest.status).toBe(409);
    for (const s of list.data.savedSearches)
      expect(((await t.gql(DELETE, { id: s.id }, owner.token)) as any).data.deleteSavedSearch).toBe(true);
    expect((await t.rest("GET", "/saved-searches", { token: owner.token })).body.searches).toEqual([]);
  });

  it("holds the limit when one student saves many searches at once", async () => {
    const busy = await student(t, { name: "Busy", known: [[P, "Rust"]], required: [[P, "React"]] });
    const answers: any[] = await Promise.all(
      Array.from({ length: 3 * SAVED_SEARCH_MAX }, (_, i) => save(busy.token, { name: `Burst ${i}`, filters: { skill: "Go" } })),
    );
    expect(answers.filter((a) => a.data?.saveSearch).length).toBe(SAVED_SEARCH_MAX);
    for (const refused of answers.filter((a) => !a.data?.saveSearch)) expect(refused.errors?.[0].extensions?.code).toBe("CONFLICT");
    expect(((await t.gql(LIST, {}, busy.token)) as any).data.savedSearches).toHaveLength(SAVED_SEARCH_MAX);
  });

  it("over REST too: turns a search's alerts off, deletes it; another student's is not found", async () => {
    const mine = await student(t, { name: "Rest Saver", known: [[P, "Go"]], required: [[P, "Rust"]] });
    const made = await t.rest("POST", "/saved-searches", { token: mine.token, body: { name: "Rustaceans", filters: { skill: "Rust" } } });
    expect(made).toMatchObject({ status: 200, body: { name: "Rustaceans", alertsOn: true } });
    const id = made.body.id;
    expect(await t.rest("PUT", `/saved-searches/${id}/alerts`, { token: mine.token, body: { on: false } })).toMatchObject({
      status: 200,
      body: { id, alertsOn: false },
    });
    expect((await t.rest("PUT", `/saved-searches/${id}/alerts`, { token: other.token, body: { on: true } })).status).toBe(404);
    expect((await t.rest("DELETE", `/saved-searches/${id}`, { token: other.token })).status).toBe(404);
    expect(await t.rest("DELETE", `/saved-searches/${id}`, { token: mine.token })).toMatchObject({ status: 200, body: { deleted: true } });
    expect((await t.rest("GET", "/saved-searches", { token: mine.token })).body.searches).toEqual([]);
  });

  it("alerts once a day about a newly verified match and a changed profile; never about self, blocked or suspended", async () => {
    const made: any = await save(owner.token, { name: "React in Tamil", filters: { skill: "React", language: "Tamil" } });
    const searchId = made.data.saveSearch.id;
    // Matches, but the owner themselves, a student the owner blocked and one who blocked the owner are never news.
    await t.app.services.deps.tx(async (em) => {
      const clean = validateProfile({
        gender: "Male",
        languages: ["Tamil"],
        skillsKnown: [{ category: P, skill: "React" }],
        skillsRequired: [{ category: P, skill: "Go" }],
      });
      await t.app.services.profiles.writeProfile(em, owner.id, clean, null);
    });
    const blockedByOwner = await student(t, { name: "Blocked One", known: [[P, "React"]], required: [[P, "Go"]], languages: ["Tamil"] });
    const blocksOwner = await student(t, { name: "Blocking One", known: [[P, "React"]], required: [[P, "Go"]], languages: ["Tamil"] });
    await t.app.services.deps.tx((em) => t.app.services.blocks.block(owner.id, blockedByOwner.id, "reported", em));
    await t.app.services.deps.tx((em) => t.app.services.blocks.block(blocksOwner.id, owner.id, "reported", em));
    // Matches, then is suspended before the check: not listed any more, so no alert.
    const suspended = await student(t, { name: "Suspended One", known: [[P, "React"]], required: [[P, "Go"]], languages: ["Tamil"] });
    await t.app.services.deps.tx((em) =>
      t.app.services.standing.suspend(em, suspended.id, new Date(t.clock.now().getTime() + 30 * DAY), "test"),
    );
    // Does not match (no Tamil).
    await student(t, { name: "Hindi One", known: [[P, "React"]], required: [[P, "Go"]], languages: ["Hindi"] });
    await tick();
    expect(await alertsOf(owner.id)).toEqual([]);

    // A student registers unverified with a matching profile: nothing until their address is verified.
    const { user: fresh } = await t.createUser({ name: "Newly Verified", emailVerifiedAt: null, visible: false });
    await t.app.services.deps.tx(async (em) => {
      const clean = validateProfile({
        gender: "Female",
        languages: ["Tamil", "English"],
        skillsKnown: [{ category: P, skill: "React" }],
        skillsRequired: [{ category: P, skill: "Python" }],
      });
      await t.app.services.profiles.writeProfile(em, fresh.id, clean, null);
    });
    await tick();
    expect(await alertsOf(owner.id)).toEqual([]);
    await t.dataSource.getRepository(User).update({ id: fresh.id }, { emailVerifiedAt: t.clock.now() });
    await t.app.services.deps.tx((em) => t.app.services.standing.refresh(em, fresh.id));
    await tick();
    const alerts = await alertsOf(owner.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0].message).toBe('A new student matches your saved search "React in Tamil": Newly Verified.');
    expect(alerts[0].refId).toBe(searchId);

    // A profile that changes into a match the same day: no second alert that day...
    const changer = await student(t, { name: "Changer", known: [[P, "React"]], required: [[P, "Go"]], languages: ["Hindi"] });
    await t.app.services.deps.tx(async (em) => {
      const clean = validateProfile({
        gender: "Female",
        languages: ["Hindi", "Tamil"],
        skillsKnown: [{ category: P, skill: "React" }],
        skillsRequired: [{ category: P, skill: "Go" }],
      });
      await t.app.services.profiles.writeProfile(em, changer.id, clean, null);
    });
    await tick();
    await tick();
    expect(await alertsOf(owner.id)).toHaveLength(1);
    // ...but the next day's check tells about it.
    t.clock.advance(DAY);
    await t.app.services.jobs.runDue(t.clock.now());
    const later = await alertsOf(owner.id);
    expect(later).toHaveLength(2);
    expect(later.map((a) => a.message)).toContain('A new student matches your saved search "React in Tamil": Changer.');
  });

  it("a rating change is a change: a min-rating search hears about it; the digest mail carries a one-click unsubscribe", async () => {
    const made: any = await save(other.token, { name: "Well rated", filters: { minRating: 4, category: P } });
    const searchId = made.data.saveSearch.id;
    const rated = await student(t, { name: "Rated Later", known: [[P, "Rust"]], required: [[P, "Go"]] });
    await tick();
    expect(await alertsOf(other.id)).toEqual([]);
    await rate(t, rated.id, [5]);
    await tick();
    expect((await alertsOf(other.id)).map((a) => a.message)).toEqual([
      'A new student matches your saved search "Well rated": Rated Later.',
    ]);
    // Default mode: the daily digest (sent now if its hour has not come yet). Its line has this search's own unsubscribe link.
    await t.app.services.notificationMail.sendDigests(t.clock.now());
    // The digest is queued in the outbox; its worker writes the .eml file.
    await mailSettled(t.app.services);
    const mail = outboxMails(t.config.dataDir).find((m) => m.text.includes('saved search "Well rated"'));
    expect(mail?.text).toMatch(/Stop alerts for this saved search: /);
    const url = new URL(/Stop alerts for this saved search: (\S+)/.exec(mail!.text)![1]);
    // The link works without signing in: GET shows a button, POST (one click) turns this search's alerts off.
    const page = await fetch(`${t.url}${url.pathname}${url.search}`);
    expect(await page.text()).toMatch(/alerts for this saved search/);
    const done = await fetch(`${t.url}${url.pathname}${url.search}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(done.status).toBe(200);
    const list = await t.app.services.savedSearches.list(other.id);
    expect(list.find((s) => s.id === searchId)?.alertsOn).toBe(false);
    // The link again: off already, nothing to ask.
    const again = await (await fetch(`${t.url}${url.pathname}${url.search}`)).text();
    expect(again).toContain("These mails are already off.");
    expect(again).not.toContain("<form");
    // A forged token is refused.
    const forged = await fetch(
      `${t.url}/api/unsubscribe?token=${encodeURIComponent(`${other.id}.search${searchId.replace(/-/g, "")}.${"A".repeat(43)}`)}`,
      {
        method: "POST",
      },
    );
    expect(forged.status).toBe(400);
  });
  it("are in the student's data export and go with their account", async () => {
    const leaver = await student(t, { name: "Leaver", known: [[P, "C"]], required: [[P, "Rust"]] });
    await t.app.services.deps.dataSource
      .getRepository(User)
      .update({ id: leaver.id }, { passwordHash: await hashPassword("leaving-for-good-1") });
    expect(((await save(leaver.token, { name: "Rust people", filters: { skill: "Rust" } })) as any).errors).toBeUndefined();
    const data = await t.app.services.privacy.exportData(leaver.id);
    expect(data.savedSearches.map((s) => s.name)).toEqual(["Rust people"]);
    await t.app.services.privacy.deleteAccount(leaver.id, "leaving-for-good-1");
    expect(await t.app.services.savedSearches.exportFor(leaver.id)).toEqual([]);
  });
});
