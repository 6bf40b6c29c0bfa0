import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  errorCode,
  errorMessage,
  gqlFrom,
  randomIp,
  REGISTER,
  registerStudent,
  studentEmail,
  uniqueName,
  VIEWER,
} from "../../../test/accounts.js";
import { dbTargets, startTestApp, type TestApp } from "../../../test/harness.js";
import { User } from "./user.entity.js";

const INVALID_EMAIL = "Invalid email format. Please enter a valid PSG Tech email address.";

describe.each(dbTargets)("register on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  const users = () => t.dataSource.getRepository(User);
  const byEmail = (email: string) => users().findOne({ where: { email } });

  it("creates the account over REST, returns a working token and stores only an argon2id hash", async () => {
    const email = studentEmail();
    const name = uniqueName();
    const r = await t.rest("POST", "/register", {
      body: { name, email, password: "s3cret-pass" },
      headers: { "x-forwarded-for": randomIp() },
    });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(["token"]);
    const row = await byEmail(email);
    expect(row).toMatchObject({ name, nameKey: name.toLowerCase(), email, tokenVersion: 0 });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(row!.passwordHash).not.toContain("s3cret-pass");
    const me = await t.rest("GET", "/dashboard/userId", { token: r.body.token });
    expect(me).toMatchObject({ status: 200, body: { userId: row!.id } });
  });

  it("creates the account over GraphQL and returns token and userId", async () => {
    const s = await registerStudent(t);
    expect((await byEmail(s.email))?.id).toBe(s.userId);
    expect((await t.gql(VIEWER, {}, s.token)).data).toEqual({ viewerId: s.userId });
  });

  it("accepts an upper-case address and stores it lower-case", async () => {
    const email = studentEmail().toUpperCase();
    const s = await registerStudent(t, { email: `  ${email} ` });
    const row = await users().findOneByOrFail({ id: s.userId });
    expect(row.email).toBe(email.toLowerCase());
  });

  const bad: Array<[string, string]> = [
    ["look-alike domain", "22z212@psgtech.ac.in.evil.com"],
    ["look-alike spelling", "22z212@psgtec.ac.in"],
    ["hyphenated look-alike", "22z212@psgtech-ac.in"],
    ["sub-domain", "22z212@mail.psgtech.ac.in"],
    ["trailing dot", "22z212@psgtech.ac.in."],
    ["three letters", "22zz12@psgtech.ac.in"],
    ["too many digits", "221z212@psgtech.ac.in"],
    ["too few digits", "22z21@psgtech.ac.in"],
    ["extra local part", "x22z212@psgtech.ac.in"],
    ["plus tag", "22z212+a@psgtech.ac.in"],
    ["two at signs", "22z212@psgtech.ac.in@psgtech.ac.in"],
    ["another college", "22z212@gmail.com"],
    ["full-width digits", "２２z２１２@psgtech.ac.in"],
    ["Arabic-Indic digits", "٢٢z٢١٢@psgtech.ac.in"],
    ["Kelvin sign for k", "22\u212A212@psgtech.ac.in"],
    ["Cyrillic a in the domain", "22z212@psgtech.\u0430c.in"],
    ["dotless i look-alike", "22\u0131212@psgtech.ac.in"],
    ["zero-width space", "22z212\u200b@psgtech.ac.in"],
    ["space inside", "22z 212@psgtech.ac.in"],
  ];
  it.each(bad)("refuses a %s address and creates no user", async (_what, email) => {
    const before = await users().count();
    const name = uniqueName();
    const viaRest = await t.rest("POST", "/register", {
      body: { name, email, password: "s3cret-pass" },
      headers: { "x-forwarded-for": randomIp() },
    });
    expect(viaRest.status).toBe(400);
    expect(viaRest.body.error).toBe(INVALID_EMAIL);
    const viaGql = await gqlFrom(t, randomIp(), REGISTER, { input: { name, email, password: "s3cret-pass" } });
    expect(errorCode(viaGql)).toBe("BAD_USER_INPUT");
    expect(errorMessage(viaGql)).toBe(INVALID_EMAIL);
    expect(await users().count()).toBe(before);
    expect(await users().exists({ where: { nameKey: name.toLowerCase() } })).toBe(false);
  });

  it("refuses passwords shorter than 8 or longer than 128 characters, and missing fields", async () => {
    const before = await users().count();
    for (const password of ["short", "1234567", "x".repeat(129)]) {
      const r = await t.rest("POST", "/register", {
        body: { name: uniqueName(), email: studentEmail(), password },
        headers: { "x-forwarded-for": randomIp() },
      });
      expect(r.status).toBe(400);
      expect(r.body.error).toBe("Password must be 8 to 128 characters long.");
    }
    for (const body of [{}, { name: "", email: studentEmail(), password: "s3cret-pass" }, { name: uniqueName(), email: studentEmail() }]) {
      const r = await t.rest("POST", "/register", { body, headers: { "x-forwarded-for": randomIp() } });
      expect(r.status).toBe(400);
      expect(r.body.error).toBe("Username, email and password are required.");
    }
    expect(await users().count()).toBe(before);
    // 8 and 128 characters are both fine (characters, not bytes: emoji count once)
    await registerStudent(t, { password: "12345678" });
    await registerStudent(t, { password: "é".repeat(64) + "😀".repeat(64) });
    expect(await users().count()).toBe(before + 2);
  });

  it("answers 409 / CONFLICT 'Username already exists' for a taken name (any case) or email", async () => {
    const first = await registerStudent(t);
    const before = await users().count();
    const sameNameOtherCase = await t.rest("POST", "/register", {
      body: { name: first.name.toUpperCase(), email: studentEmail(), password: "s3cret-pass" },
      headers: { "x-forwarded-for": randomIp() },
    });
    expect(sameNameOtherCase).toMatchObject({ status: 409, body: { error: "Username already exists" } });
    const sameEmail = await gqlFrom(t, randomIp(), REGISTER, {
      input: { name: uniqueName(), email: first.email.toUpperCase(), password: "s3cret-pass" },
    });
    expect(errorCode(sameEmail)).toBe("CONFLICT");
    expect(errorMessage(sameEmail)).toBe("Username already exists");
    expect(await users().count()).toBe(before);
  });

  it("lets exactly one of many simultaneous registrations of the same name win", async () => {
    const name = uniqueName("Racer");
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        gqlFrom(t, randomIp(), REGISTER, { input: { name, email: studentEmail(), password: "s3cret-pass" } }),
      ),
    );
    expect(results.filter((r) => r.data?.register).length).toBe(1);
    expect(results.filter((r) => errorCode(r) === "CONFLICT").length).toBe(3);
    expect(await users().count({ where: { nameKey: name.toLowerCase() } })).toBe(1);
  });
});
