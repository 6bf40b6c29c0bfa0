import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbTargets, startTestApp, type TestApp } from "../../../test/harness.js";
import { HOUR } from "../../shared/clock.js";
import { EmailVerification } from "./email-verification.entity.js";
import { PasswordReset } from "./password-reset.entity.js";
import { hashLinkToken, SingleUseLinks } from "./single-use-links.js";

describe.each(dbTargets)("single-use links on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  const resets = () => new SingleUseLinks(t.dataSource, PasswordReset);
  const issue = (links: SingleUseLinks<PasswordReset>, userId: string, now: Date) =>
    t.app.services.deps.tx((em) => links.issue(userId, now, HOUR, {}, em));

  it("stores only the token's hash, with the table's own columns, and finds the link by its token", async () => {
    const { user } = await t.createUser();
    const links = new SingleUseLinks(t.dataSource, EmailVerification);
    const token = await t.app.services.deps.tx((em) =>
      links.issue(user.id, t.clock.now(), HOUR, { email: user.email, returnTo: null }, em),
    );
    const row = await t.dataSource.getRepository(EmailVerification).findOneByOrFail({ userId: user.id });
    expect(row).toMatchObject({ tokenHash: hashLinkToken(token), email: user.email, usedAt: null });
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(HOUR);
    expect((await links.findLive(token, t.clock.now()))?.id).toBe(row.id);
    expect(await links.find("not a token")).toBeNull();
    expect(await links.findLive(token, new Date(t.clock.now().getTime() + HOUR))).toBeNull();
  });

  it("spends a link once, and with it every other open link of the student", async () => {
    const { user } = await t.createUser();
    const links = resets();
    const now = t.clock.now();
    const first = await links.find(await issue(links, user.id, now));
    const second = await links.find(await issue(links, user.id, now));
    expect(await t.app.services.deps.tx((em) => links.consume(em, first!, now))).toBe(true);
    expect(await t.app.services.deps.tx((em) => links.consume(em, first!, now))).toBe(false);
    // The other link was spent by the first use.
    expect(await t.app.services.deps.tx((em) => links.consume(em, second!, now))).toBe(false);
  });

  it("refuses an expired link", async () => {
    const { user } = await t.createUser();
    const links = resets();
    const link = await links.find(await issue(links, user.id, t.clock.now()));
    const later = new Date(t.clock.now().getTime() + HOUR);
    expect(await t.app.services.deps.tx((em) => links.consume(em, link!, later))).toBe(false);
  });

  it("lets exactly one of two transactions racing with the same link spend it", async () => {
    const { user } = await t.createUser();
    const links = resets();
    const now = t.clock.now();
    const link = (await links.find(await issue(links, user.id, now)))!;
    // On MariaDB both transactions first see the link unused (a barrier after each one's read),
    // then both try to spend it: the loser's UPDATE waits for the winner's row lock and matches
    // nothing once it commits. SQLite runs transactions one at a time, so there is no barrier.
    let arrived = 0;
    let release!: () => void;
    const barrier = new Promise<void>((resolve) => (release = resolve));
    const attempt = () =>
      t.app.services.deps.tx(async (em) => {
        if (target === "mysql") {
          const seen = await em.getRepository(PasswordReset).findOneByOrFail({ id: link.id });
          expect(seen.usedAt).toBeNull();
          if (++arrived === 2) release();
          await barrier;
        }
        return links.consume(em, link, now);
      });
    const results = await Promise.all([attempt(), attempt()]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const row = await t.dataSource.getRepository(PasswordReset).findOneByOrFail({ id: link.id });
    expect(row.usedAt?.getTime()).toBe(now.getTime());
  });
});
