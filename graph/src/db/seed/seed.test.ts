import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGIN } from "../../../test/accounts.js";
import { startTestApp, type TestApp } from "../../../test/harness.js";
import { User } from "../../modules/accounts/user.entity.js";
import { DEMO_PASSWORD, STUDENTS } from "./demo-data.js";

const FEED = `{ feed(first: 50) { hasMore items { id name image skillsKnown { skill } completedSkills { mentor { name } } } } }`;

describe("demo data on a fresh embedded database", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp("sqlite", { env: { DEMO_DATA: "on" } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("seeds the community once: filled profiles, stored avatars, the demo login works", async () => {
    expect(await t.dataSource.getRepository(User).count()).toBe(STUDENTS.length);
    const email = `${STUDENTS[0].roll}@psgtech.ac.in`;
    const login = await t.gql(LOGIN, { input: { email, password: DEMO_PASSWORD } });
    expect(login.errors).toBeUndefined();
    const feed = await t.gql(FEED, {}, login.data.login.token);
    expect(feed.errors).toBeUndefined();
    const nodes = feed.data.feed.items as Array<{ name: string; image: string; skillsKnown: unknown[]; completedSkills: unknown[] }>;
    expect(nodes).toHaveLength(STUDENTS.length - 1);
    expect(nodes.every((n) => n.skillsKnown.length > 0)).toBe(true);
    expect(nodes.some((n) => n.completedSkills.length > 0)).toBe(true);
    const avatar = await fetch(`${t.url}${nodes[0].image}`);
    expect(avatar.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await avatar.arrayBuffer()).subarray(1, 4).toString()).toBe("PNG");

    // A second start on the same database leaves it alone.
    const again = await startTestApp("sqlite", { env: { DEMO_DATA: "on" }, shareDatabaseWith: t });
    try {
      expect(await again.dataSource.getRepository(User).count()).toBe(STUDENTS.length);
    } finally {
      await again.close();
    }
  });

  it("is skipped with DEMO_DATA=off", async () => {
    const off = await startTestApp("sqlite");
    try {
      expect(await off.dataSource.getRepository(User).count()).toBe(0);
    } finally {
      await off.close();
    }
  });
});
