import { avatarInitials } from "../../../../common/avatar.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGIN } from "../../../test/accounts.js";
import { startTestApp, type TestApp } from "../../../test/harness.js";
import { User } from "../../modules/accounts/user.entity.js";
import { Chat } from "../../modules/chat/chat.entity.js";
import { ChatMessage } from "../../modules/chat/message.entity.js";
import { checkLedgerInvariants } from "../../modules/coins/ledger.invariants.js";
import { CoinReward } from "../../modules/coins/reward.entity.js";
import { ImplementApplicant } from "../../modules/implements/implement-applicant.entity.js";
import { ImplementPost } from "../../modules/implements/implement-post.entity.js";
import { Notification } from "../../modules/notifications/notification.entity.js";
import { Review } from "../../modules/reviews/review.entity.js";
import { DEMO_PASSWORD, STUDENTS } from "./demo-data.js";

const FEED = `{ feed(first: 50) { pageInfo { hasNextPage } edges { node { id name image skillsKnown { skill } completedSkills { mentor { name } } } } } }`;

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
    const nodes = feed.data.feed.edges.map((e: any) => e.node) as Array<{
      name: string;
      image: string;
      skillsKnown: unknown[];
      completedSkills: unknown[];
    }>;
    expect(nodes).toHaveLength(STUDENTS.length - 1);
    expect(nodes.every((n) => n.skillsKnown.length > 0)).toBe(true);
    expect(nodes.some((n) => n.completedSkills.length > 0)).toBe(true);
    const avatar = await fetch(`${t.url}${nodes[0].image}`);
    // Initials as real text in the system font (SVG), not drawn pixels; served under the uploads' strict CSP.
    expect(avatar.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(avatar.headers.get("content-security-policy")).toMatch(/default-src 'none'/);
    const svg = await avatar.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain(`>${avatarInitials(nodes[0].name)}</text>`);
    expect(svg).toContain("system-ui");
    expect(svg).not.toMatch(/<script|on\w+=/i);

    // A second start on the same database leaves it alone.
    const again = await startTestApp("sqlite", { env: { DEMO_DATA: "on" }, shareDatabaseWith: t });
    try {
      expect(await again.dataSource.getRepository(User).count()).toBe(STUDENTS.length);
    } finally {
      await again.close();
    }
  });

  it("replays the community's past through the services: coins, chats, problems, requests", async () => {
    const ds = t.dataSource;
    const now = t.clock.now().getTime();
    // The ledger is balanced and every balance, users.skillCoins included, is backed by entries.
    expect(await checkLedgerInvariants(ds)).toEqual([]);
    const users = await ds.getRepository(User).find();
    expect(users.every((u) => u.skillCoins > 0)).toBe(true);
    expect(new Set(users.map((u) => u.skillCoins)).size).toBeGreaterThan(10);
    for (const u of users) expect(u.ratingAvg).toBeCloseTo(u.ratingCount ? u.ratingSum / u.ratingCount : 0, 9);
    // The whole community (the demo student first) verified its college mail: listed and ranked.
    expect(users.every((u) => u.emailVerifiedAt !== null && u.visible)).toBe(true);
    // Old rewards are not popped up again.
    expect(await ds.getRepository(CoinReward).count({ where: { seen: false } })).toBe(0);

    // Finished swaps and paid courses: rated by both, completed skills from the real finish.
    const chats = await ds.getRepository(Chat).find();
    const completed = chats.filter((c) => c.status === "completed");
    expect(completed.length).toBeGreaterThanOrEqual(10);
    expect(completed.every((c) => c.requesterRated && c.receiverRated && c.endedAt!.getTime() < now)).toBe(true);
    // Every rating comes from a finished swap (a profile's "4.9 / 5, 12 users" beside "No completed swaps yet" read as
    // a contradiction): a student's count is the completed chats they were in, each partner rating once.
    for (const u of users)
      expect(u.ratingCount, u.name).toBe(completed.filter((c) => c.requesterId === u.id || c.receiverId === u.id).length);
    expect(users.filter((u) => u.ratingCount > 0).length).toBeGreaterThanOrEqual(25);
    // Most finished swaps were reviewed by both, so their reviews show on profiles.
    const reviews = await ds.getRepository(Review).find();
    const reviewedBoth = completed.filter((c) => reviews.filter((r) => r.chatId === c.id).length === 2);
    expect(reviewedBoth.length).toBeGreaterThanOrEqual(completed.length / 2);
    const messages = await ds.getRepository(ChatMessage).find();
    expect(messages.length).toBeGreaterThan(50);
    expect(messages.every((m) => m.createdAt.getTime() < now)).toBe(true);

    const demo = users.find((u) => u.email === `${STUDENTS[0].roll}@psgtech.ac.in`)!;
    const mine = chats.filter((c) => c.requesterId === demo.id || c.receiverId === demo.id);
    expect(
      mine
        .filter((c) => c.status === "in_progress")
        .map((c) => c.kind)
        .sort(),
    ).toEqual(["implement", "pay", "swap"]);
    expect(mine.filter((c) => c.status === "completed")).toHaveLength(1);
    expect(mine.every((c) => c.messageCount >= 5)).toBe(true);
    const notifications = await ds.getRepository(Notification).find({ where: { recipientId: demo.id } });
    expect(notifications.map((n) => n.type).sort()).toEqual(["Accepted-Pay", "pay-request", "swap-request"]);

    // Problems by several students; the demo student was accepted to one and has applicants on theirs.
    const posts = await ds.getRepository(ImplementPost).find();
    expect(posts.length).toBeGreaterThanOrEqual(8);
    expect(new Set(posts.map((p) => p.ownerId)).size).toBeGreaterThanOrEqual(8);
    const applicants = await ds.getRepository(ImplementApplicant).find();
    expect(applicants.some((a) => a.userId === demo.id && a.status === "accepted")).toBe(true);
    const demoPost = posts.find((p) => p.ownerId === demo.id)!;
    expect(applicants.filter((a) => a.postId === demoPost.id && a.status === "pending")).toHaveLength(2);
    expect(new Set(applicants.map((a) => a.status))).toEqual(new Set(["pending", "accepted", "rejected"]));

    // What the demo student sees through the API.
    const login = await t.gql(LOGIN, { input: { email: demo.email, password: DEMO_PASSWORD } });
    const board = await t.gql(`{ leaderboard { edges { node { skillCoins } } } }`, {}, login.data.login.token);
    expect(board.errors).toBeUndefined();
    expect(board.data.leaderboard.edges.some((e: { node: { skillCoins: number } }) => e.node.skillCoins > 0)).toBe(true);
  });

  it.runIf(Boolean(process.env.TEST_MYSQL_URL))("never seeds MySQL/MariaDB", async () => {
    const mysql = await startTestApp("mysql", { env: { DEMO_DATA: "on" } });
    try {
      expect(await mysql.dataSource.getRepository(User).count()).toBe(0);
    } finally {
      await mysql.close();
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
