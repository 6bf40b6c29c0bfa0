import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  errorCode,
  errorMessage,
  gqlFrom,
  LOGIN,
  randomIp,
  REGISTER,
  registerStudent,
  studentEmail,
  uniqueName,
} from "../../../test/accounts.js";
import { dbTargets, startTestApp, type TestApp } from "../../../test/harness.js";
import { outboxMails, resetLinkIn, mailSettled } from "../../../test/outbox.js";
import { ContactMessage } from "./contact-message.entity.js";
import { User } from "./user.entity.js";

/**
 * Small limits so a test needs a handful of calls. rate-limiter-flexible reads Date.now(),
 * so recovery is proven by moving the faked Date past the window, never by sleeping.
 */
const LIMITS = "login_account=3/900,login_ip=5/900,register_ip=2/3600,forgot_email=2/3600,contact_ip=2/3600";
/** The sign-in windows are 15 minutes, the others an hour (LIMITS), and a frozen Date makes the wait the whole window. */
const RETRY_LOGIN = "Too many attempts. Please try again in 15 minutes.";
const RETRY_HOUR = "Too many attempts. Please try again in about an hour.";

function restFrom(t: TestApp, ip: string, path: string, body: unknown) {
  return t.rest("POST", path, { body, headers: { "x-forwarded-for": ip } });
}

describe.each(dbTargets)("rate limits on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target, { env: { RATE_LIMITS: LIMITS } });
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const freezeDate = () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date());
  };
  const moveDate = (ms: number) => vi.setSystemTime(Date.now() + ms);

  it("limits sign-in per account across REST, GraphQL and aliases, then recovers after the window", async () => {
    freezeDate();
    const s = await registerStudent(t);
    const wrong = { email: s.email, password: "not my password" };
    // three failures from three addresses: REST, GraphQL, and one more
    expect((await restFrom(t, randomIp(), "/login", wrong)).status).toBe(401);
    expect(errorMessage(await gqlFrom(t, randomIp(), LOGIN, { input: wrong }))).toBe("Wrong email or password");
    expect((await restFrom(t, randomIp(), "/login", wrong)).status).toBe(401);

    // over the limit: even the right password is refused, with Retry-After
    const limited = await restFrom(t, randomIp(), "/login", { email: s.email, password: s.password });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe(RETRY_LOGIN);
    expect(limited.headers.get("retry-after")).toBe("900");
    const viaGql = await gqlFrom(t, randomIp(), LOGIN, { input: { email: s.email.toUpperCase(), password: s.password } });
    expect(errorCode(viaGql)).toBe("RATE_LIMITED");
    expect(errorMessage(viaGql)).toBe(RETRY_LOGIN);
    expect(viaGql.errors?.[0]?.extensions?.retryAfter).toBe(900);
    const aliased = await gqlFrom(
      t,
      randomIp(),
      `mutation { a: login(input: { email: "${s.email}", password: "${s.password}" }) { token } b: login(input: { email: "${s.email}", password: "x" }) { token } }`,
    );
    expect(aliased.errors?.map((e) => e.extensions?.code)).toEqual(["RATE_LIMITED"]);

    moveDate(15 * 60 * 1000 + 1000);
    const ok = await gqlFrom(t, randomIp(), LOGIN, { input: { email: s.email, password: s.password } });
    expect(ok.data?.login.userId).toBe(s.userId);
  });

  it("counts aliased attempts in the same bucket; a failed alias ends the request", async () => {
    const s = await registerStudent(t);
    const attempt = (n: number) => `a${n}: login(input: { email: "${s.email}", password: "guess ${n}" }) { token }`;
    // Mutation fields run one after another and login is non-null, so the first failure stops the rest.
    const r = await gqlFrom(t, randomIp(), `mutation { ${[1, 2, 3, 4, 5].map(attempt).join(" ")} }`);
    expect(r.errors!.map((e) => e.extensions?.code)).toEqual(["UNAUTHENTICATED"]);
    const r2 = await gqlFrom(t, randomIp(), `mutation { ${[6, 7].map(attempt).join(" ")} }`);
    expect(r2.errors!.map((e) => e.extensions?.code)).toEqual(["UNAUTHENTICATED"]);
    expect(errorCode(await gqlFrom(t, randomIp(), LOGIN, { input: { email: s.email, password: "guess 8" } }))).toBe("UNAUTHENTICATED");
    expect(errorCode(await gqlFrom(t, randomIp(), `mutation { ${[9, 10].map(attempt).join(" ")} }`))).toBe("RATE_LIMITED");
  });

  it("never lets a batched request past the per-account limit", async () => {
    const s = await registerStudent(t);
    const op = { query: LOGIN, variables: { input: { email: s.email, password: "batched guess" } } };
    const res = await fetch(`${t.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": randomIp() },
      body: JSON.stringify([op, op, op, op, op]),
    });
    const body = await res.json();
    const passed = Array.isArray(body) ? body.filter((b: any) => b.errors?.[0]?.extensions?.code === "UNAUTHENTICATED").length : 0;
    expect(passed).toBeLessThanOrEqual(3);
    const next = await gqlFrom(t, randomIp(), LOGIN, { input: { email: s.email, password: "one more" } });
    expect(errorCode(next)).toBe(passed === 3 ? "RATE_LIMITED" : "UNAUTHENTICATED");
  });

  it("forgets an account's failures after a successful sign-in", async () => {
    const s = await registerStudent(t);
    const ip = randomIp();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 2; i++) expect((await restFrom(t, ip, "/login", { email: s.email, password: "nope nope" })).status).toBe(401);
      expect((await restFrom(t, ip, "/login", { email: s.email, password: s.password })).status).toBe(200);
    }
  });

  it("limits failed sign-ins per client address across accounts", async () => {
    freezeDate();
    const ip = randomIp();
    for (let i = 0; i < 5; i++) {
      expect((await restFrom(t, ip, "/login", { email: studentEmail(), password: "spray attempt" })).status).toBe(401);
    }
    const s = await registerStudent(t);
    const limited = await restFrom(t, ip, "/login", { email: s.email, password: s.password });
    expect(limited.status).toBe(429);
    // another address is not affected
    expect((await restFrom(t, randomIp(), "/login", { email: s.email, password: s.password })).status).toBe(200);
    moveDate(15 * 60 * 1000 + 1000);
    expect((await restFrom(t, ip, "/login", { email: s.email, password: s.password })).status).toBe(200);
  });

  it("limits registrations per client address and creates no user over the limit", async () => {
    freezeDate();
    const ip = randomIp();
    const users = t.dataSource.getRepository(User);
    await registerStudent(t, {}, ip);
    expect((await restFrom(t, ip, "/register", { name: uniqueName(), email: studentEmail(), password: "s3cret-pass" })).status).toBe(200);
    const before = await users.count();
    const name = uniqueName();
    const limited = await restFrom(t, ip, "/register", { name, email: studentEmail(), password: "s3cret-pass" });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe(RETRY_HOUR);
    expect(errorMessage(await gqlFrom(t, ip, REGISTER, { input: { name, email: studentEmail(), password: "s3cret-pass" } }))).toBe(
      RETRY_HOUR,
    );
    expect(errorCode(await gqlFrom(t, ip, REGISTER, { input: { name, email: studentEmail(), password: "s3cret-pass" } }))).toBe(
      "RATE_LIMITED",
    );
    expect(await users.count()).toBe(before);
    expect(await users.exists({ where: { nameKey: name.toLowerCase() } })).toBe(false);
    moveDate(60 * 60 * 1000 + 1000);
    expect((await restFrom(t, ip, "/register", { name, email: studentEmail(), password: "s3cret-pass" })).status).toBe(200);
    expect(await users.exists({ where: { nameKey: name.toLowerCase() } })).toBe(true);
  });

  it("limits reset mails per email, whether or not the account exists", async () => {
    freezeDate();
    const s = await registerStudent(t);
    const mails = () => outboxMails(t.config.dataDir).filter((m) => m.headers.to?.includes(s.email) && resetLinkIn(m)).length;
    for (const email of [s.email, studentEmail()]) {
      for (let i = 0; i < 2; i++) expect((await restFrom(t, randomIp(), "/forgot-password", { email })).status).toBe(200);
      const limited = await restFrom(t, randomIp(), "/forgot-password", { email: email.toUpperCase() });
      expect(limited.status).toBe(429);
      expect(limited.body.error).toBe(RETRY_HOUR);
    }
    await mailSettled(t.app.services);
    expect(mails()).toBe(2);
    moveDate(60 * 60 * 1000 + 1000);
    expect((await restFrom(t, randomIp(), "/forgot-password", { email: s.email })).status).toBe(200);
    await mailSettled(t.app.services);
    expect(mails()).toBe(3);
  });

  it("limits contact messages per client address and stores none over the limit", async () => {
    freezeDate();
    const ip = randomIp();
    const rows = t.dataSource.getRepository(ContactMessage);
    const msg = (n: number) => ({
      name: "Limit Tester",
      email: "limit@example.com",
      msg: `message ${n} ${randomBytes(3).toString("hex")}`,
    });
    for (let i = 0; i < 2; i++) expect((await restFrom(t, ip, "/contact-mail", msg(i))).status).toBe(200);
    const limited = await restFrom(t, ip, "/contact-mail", msg(3));
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe(RETRY_HOUR);
    expect(await rows.countBy({ ip })).toBe(2);
    moveDate(60 * 60 * 1000 + 1000);
    expect((await restFrom(t, ip, "/contact-mail", msg(4))).status).toBe(200);
    expect(await rows.countBy({ ip })).toBe(3);
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)("rate limits shared through Redis", () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = { RATE_LIMITS: LIMITS, REDIS_URL: process.env.TEST_REDIS_URL! };
    a = await startTestApp("sqlite", { env });
    b = await startTestApp("sqlite", { env, shareDatabaseWith: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("counts attempts made on two server instances together", async () => {
    const s = await registerStudent(a);
    const wrong = { email: s.email, password: "not my password" };
    expect((await restFrom(a, randomIp(), "/login", wrong)).status).toBe(401);
    expect((await restFrom(b, randomIp(), "/login", wrong)).status).toBe(401);
    expect((await restFrom(a, randomIp(), "/login", wrong)).status).toBe(401);
    expect((await restFrom(b, randomIp(), "/login", { email: s.email, password: s.password })).status).toBe(429);
    expect((await restFrom(a, randomIp(), "/login", { email: s.email, password: s.password })).status).toBe(429);
  });
});
