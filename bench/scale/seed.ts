/**
 * Bulk seed of a benchmark community straight through SQL (multi-row INSERTs over one mysql2
 * connection), in the shape the issue measures: students with complete profiles (3 known + 2
 * wanted skills from the spec's categories, 1-3 languages), chats and implement posts. The
 * directory's derived rows come from the app's own functions (`feedFactsOf`, `searchRowsOf`), so
 * they are exactly what profile saves would have written. Skill popularity is skewed (a few
 * skills are everybody's), which is what makes naive feed queries slow.
 */
import type { Connection } from "mysql2/promise";
import { periodRange } from "../../common/leaderboard.js";
import { type CATEGORIES, LANGUAGES, skillKeyOf } from "../../common/profiles.js";
import { feedFactsOf, shownRating } from "../../graph/src/modules/profiles/profile-index.js";
import { foldTerm, searchRowsOf } from "../../graph/src/modules/profiles/search-terms.js";
import { newId } from "../../graph/src/shared/ids.js";

/** A deterministic generator (mulberry32), so two runs seed the same community. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SKILLS: Record<(typeof CATEGORIES)[number], string[]> = {
  "Programming & Technology": [
    "Python",
    "JavaScript",
    "React",
    "Java",
    "C",
    "C++",
    "Go",
    "Rust",
    "SQL",
    "Machine Learning",
    "Docker",
    "Kotlin",
  ],
  "Hobbies & Crafts": ["Painting", "Origami", "Knitting", "Pottery", "Calligraphy", "Photography"],
  "Academics & Education": ["Calculus", "Linear Algebra", "Physics", "Organic Chemistry", "Statistics", "Thermodynamics"],
  "Languages & Linguistics": ["Tamil", "French", "German", "Japanese", "Spanish", "Sign Language"],
  "Business & Entrepreneurship": ["Marketing", "Accounting", "Pitching", "Excel", "Product Management"],
  "Fitness & Wellness": ["Yoga", "Running", "Nutrition", "Weight Training", "Meditation"],
  "Music & Performing Arts": ["Guitar", "Piano", "Carnatic Vocals", "Bharatanatyam", "Drums", "Theatre"],
  "Technology & Gadgets": ["Arduino", "PCB Design", "3D Printing", "Drone Flying", "Linux"],
  "Personal Development": ["Public Speaking", "Time Management", "Writing", "Negotiation"],
  Other: ["Chess", "Cooking", "Driving", "Gardening"],
};
export const SKILL_POOL: Array<{ category: string; skill: string }> = Object.entries(SKILLS).flatMap(([category, list]) =>
  list.map((skill) => ({ category, skill })),
);

const FIRST = (
  "Aarav Aditi Akash Ananya Arjun Bhavya Chetan Deepa Divya Farhan Gautam Harini Ishaan Janani Karthik Kavya Lakshmi " +
  "Madhav Meera Naveen Nisha Pranav Priya Rahul Riya Sanjay Shreya Siddharth Sneha Tarun Uma Varun Vidya Yash Zara Abhinav " +
  "Bala Charu Dinesh Esha Gokul Hema Indu Jai Keerthi Lokesh Mani Nandini Om Pooja Raghav Sangeetha Surya Tanvi Uday Vasanth " +
  "Vignesh Yamini Zoya Arun Bharath Chitra Dhruv Elango Gayathri Hari Ilakkiya Jeeva Kishore Latha Mohan Nila Prakash Ramya " +
  "Saravanan Thilak Vaishnavi Yogesh José Zoë"
).split(" ");
const LAST = (
  "Sharma Iyer Kumar Reddy Nair Menon Pillai Rao Patel Singh Gupta Krishnan Subramanian Raman Venkatesh Mukherjee " +
  "Das Bose Chatterjee Joshi Kulkarni Desai Shah Mehta Agarwal Bhat Hegde Shetty Naidu Chettiar Gounder Murugan Selvam Rajan " +
  "Balaji Ganesan Sundaram Natarajan Arumugam Ramasamy Khan Ali Fernandes DSouza Thomas Varghese Mathew George Jacob Paul " +
  "Kannan Mani Saran Velu Anand Prasad Mishra Tiwari Pandey Yadav Verma Saxena Kapoor Malhotra Sethi Bajaj Goel Jain Chopra " +
  "Banerjee Ghosh Sen Dutta Roy Müller"
).split(" ");

/** Zipf-like pick: index 0 is the most popular. */
function skewed(rnd: () => number, n: number): number {
  return Math.min(n - 1, Math.floor(n * Math.pow(rnd(), 2.2)));
}

export interface SeedSizes {
  students: number;
  chats: number;
  implementPosts: number;
}

export interface Seeded {
  /** Ids in registration order (oldest first). */
  ids: string[];
  /** Students with the most chats (for the chat-list scenario). */
  chatty: string[];
}

class Batcher {
  private rows: unknown[][] = [];
  inserted = 0;
  constructor(
    private readonly conn: Connection,
    private readonly table: string,
    private readonly columns: string[],
    private readonly size = 2000,
  ) {}
  async add(row: unknown[]): Promise<void> {
    this.rows.push(row);
    if (this.rows.length >= this.size) await this.flush();
  }
  async flush(): Promise<void> {
    if (this.rows.length === 0) return;
    const cols = this.columns.map((c) => `\`${c}\``).join(", ");
    await this.conn.query(`INSERT IGNORE INTO \`${this.table}\` (${cols}) VALUES ?`, [this.rows]);
    this.inserted += this.rows.length;
    this.rows = [];
  }
}

/** Seeds an empty, migrated database. `now` is the newest registration time. */
export async function seedCommunity(conn: Connection, sizes: SeedSizes, now: Date, log: (s: string) => void): Promise<Seeded> {
  const rnd = random(20261124);
  const users = new Batcher(conn, "users", [
    "id",
    "name",
    "nameKey",
    "email",
    "passwordHash",
    "tokenVersion",
    "gender",
    "image",
    "amount",
    "days",
    "ratingSum",
    "ratingCount",
    "ratingAvg",
    "skillCoins",
    "createdAt",
    "emailVerifiedAt",
    "visible",
  ]);
  const skills = new Batcher(conn, "user_skills", ["id", "userId", "kind", "position", "category", "skill", "skillKey"]);
  const langs = new Batcher(conn, "user_languages", ["id", "userId", "position", "language", "languageKey"]);
  const feed = new Batcher(conn, "feed_entries", [
    "userId",
    "kind",
    "term",
    "term2",
    "validFrom",
    "validTo",
    "userCreatedAt",
    "rating",
    "coins",
    "taught",
  ]);
  // A third of the students taught a finished swap (the "has taught before" filter).
  const completed = new Batcher(conn, "completed_skills", ["id", "learnerId", "mentorId", "skill", "category", "completedAt"]);
  const terms = new Batcher(conn, "search_terms", ["userId", "field", "term", "sortKey", "sharedPrefix"]);
  // Not a real password: no benchmark signs in (the bench signs tokens with the server's key).
  const passwordHash = "$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hiZW5jaA$bm90LWEtcmVhbC1wYXNzd29yZC1oYXNo";
  const ids: string[] = [];
  const span = 365 * 24 * 3600 * 1000;
  const names = new Set<string>();
  const started = Date.now();
  for (let i = 0; i < sizes.students; i++) {
    const id = newId();
    ids.push(id);
    let name = "";
    do {
      const initial = String.fromCharCode(65 + Math.floor(rnd() * 26));
      name = `${FIRST[Math.floor(rnd() * FIRST.length)]} ${initial}. ${LAST[Math.floor(rnd() * LAST.length)]}`;
      if (names.has(name.toLowerCase())) name += ` ${i}`;
    } while (names.has(name.toLowerCase()));
    names.add(name.toLowerCase());
    const createdAt = new Date(now.getTime() - span + Math.floor((span * (i + 1)) / sizes.students));
    const ratingCount = Math.floor(rnd() * 12);
    const ratingSum = ratingCount === 0 ? 0 : ratingCount + Math.floor(rnd() * ratingCount * 4);
    const amount = Math.floor(rnd() * 40);
    await users.add([
      id,
      name,
      name.toLowerCase(),
      `b${i}@psgtech.ac.in`,
      passwordHash,
      0,
      rnd() < 0.5 ? "Male" : "Female",
      null,
      amount,
      Math.floor(rnd() * 30),
      ratingSum,
      ratingCount,
      ratingCount ? ratingSum / ratingCount : 0,
      Math.floor(rnd() * 200),
      createdAt,
      createdAt,
      1,
    ]);
    const picked = new Set<number>();
    while (picked.size < 5) picked.add(skewed(rnd, SKILL_POOL.length));
    const [k1, k2, k3, r1, r2] = [...picked].map((n) => SKILL_POOL[n]);
    const known = [k1, k2, k3];
    const required = [r1, r2];
    for (const [kind, list] of [
      ["known", known],
      ["required", required],
    ] as const) {
      for (const [position, s] of list.entries()) await skills.add([newId(), id, kind, position, s.category, s.skill, skillKeyOf(s.skill)]);
    }
    const languages = new Set<string>(["English"]);
    const more = Math.floor(rnd() * 3);
    while (languages.size < 1 + more) languages.add(LANGUAGES[skewed(rnd, LANGUAGES.length)]);
    for (const [position, l] of [...languages].entries()) await langs.add([newId(), id, position, l, foldTerm(l)]);
    const profile = {
      userId: id,
      visible: true,
      name,
      createdAt,
      known: known.map((s) => s.skill),
      categories: known.map((s) => s.category),
      required: required.map((s) => s.skill),
      languages: [...languages],
    };
    const taught = i > 0 && rnd() < 0.33 ? 1 : 0;
    if (taught) await completed.add([newId(), ids[Math.floor(rnd() * i)], id, k1.skill, k1.category, createdAt]);
    const rating = shownRating(ratingSum, ratingCount);
    for (const f of feedFactsOf(profile)) await feed.add([id, f.kind, f.term, f.term2, createdAt, null, createdAt, rating, amount, taught]);
    for (const t of searchRowsOf(profile)) await terms.add([t.userId, t.field, t.term, t.sortKey, t.sharedPrefix]);
    if ((i + 1) % 20000 === 0) log(`  ${i + 1} students (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  for (const b of [users, skills, langs, feed, terms, completed]) await b.flush();

  // Chats: a quarter of them among the first 400 students, so some lists are long.
  const chats = new Batcher(conn, "chats", [
    "id",
    "userLowId",
    "userHighId",
    "kind",
    "requesterId",
    "receiverId",
    "requesterLearnsSkill",
    "requesterLearnsCategory",
    "receiverLearnsSkill",
    "receiverLearnsCategory",
    "coins",
    "status",
    "startDate",
    "lastActivityAt",
    "messageCount",
    "lastMessagePreview",
    "lastMessageSenderId",
  ]);
  const messages = new Batcher(conn, "chat_messages", ["id", "chatId", "seq", "senderId", "receiverId", "body", "createdAt"]);
  const pairs = new Set<string>();
  const chatCount = new Map<string, number>();
  const hot = Math.min(400, ids.length);
  while (pairs.size < Math.min(sizes.chats, (ids.length * (ids.length - 1)) / 2)) {
    const pick = () => (pairs.size % 4 === 0 ? ids[Math.floor(rnd() * hot)] : ids[Math.floor(rnd() * ids.length)]);
    const a = pick();
    const b = ids[Math.floor(rnd() * ids.length)];
    if (a === b) continue;
    const [low, high] = a < b ? [a, b] : [b, a];
    if (pairs.has(`${low}${high}`)) continue;
    pairs.add(`${low}${high}`);
    for (const u of [a, b]) chatCount.set(u, (chatCount.get(u) ?? 0) + 1);
    const id = newId();
    const s = SKILL_POOL[skewed(rnd, SKILL_POOL.length)];
    const t = SKILL_POOL[skewed(rnd, SKILL_POOL.length)];
    const at = new Date(now.getTime() - Math.floor(rnd() * 30 * 24 * 3600 * 1000));
    await chats.add([
      id,
      low,
      high,
      "swap",
      a,
      b,
      s.skill,
      s.category,
      t.skill,
      t.category,
      0,
      "in_progress",
      at,
      at,
      2,
      "See you at the library at 5?",
      b,
    ]);
    await messages.add([newId(), id, 1, a, b, `Hi! Happy to swap ${t.skill} for ${s.skill}.`, at]);
    await messages.add([newId(), id, 2, b, a, "See you at the library at 5?", at]);
  }
  await chats.flush();
  await messages.flush();

  const posts = new Batcher(conn, "implement_posts", ["id", "ownerId", "title", "description", "visible", "createdAt", "updatedAt"]);
  for (let i = 0; i < sizes.implementPosts; i++) {
    const at = new Date(now.getTime() - Math.floor(rnd() * 60 * 24 * 3600 * 1000));
    const s = SKILL_POOL[skewed(rnd, SKILL_POOL.length)];
    await posts.add([
      newId(),
      ids[Math.floor(rnd() * ids.length)],
      `Need help with a ${s.skill} project`,
      `Looking for a partner who knows ${s.skill}.`,
      1,
      at,
      at,
    ]);
  }
  await posts.flush();
  const chatty = [...chatCount.entries()].sort((x, y) => y[1] - x[1]).map(([id]) => id);
  return { ids, chatty };
}

const DAY = 24 * 3600 * 1000;

/**
 * What the leaderboard's period views rank, relative to `now` (so a community seeded weeks ago
 * still has a current week and month): written again on every call, in the community seeded
 * above. Of the chats, half were rated by both sides at a time spread over the current ISO week
 * and calendar month so far (each side 90% of the time, stars mostly 4 and 5), three in ten
 * before them and the rest not yet; and students/4 lessons (scheduled, one in ten cancelled) end
 * at times spread from 60 days before the period to 14 days ahead, so the week's and month's
 * held lessons are a slice of a longer history. Every lesson of the database is replaced.
 */
export async function seedPeriodActivity(conn: Connection, students: number, now: Date): Promise<{ ratedChats: number; lessons: number }> {
  const rnd = random(20261129);
  const start = Math.min(periodRange("week", now)!.from.getTime(), periodRange("month", now)!.from.getTime());
  const span = Math.max(1, now.getTime() - start);
  const [chats] = (await conn.query("SELECT id, requesterId, receiverId FROM chats ORDER BY id")) as unknown as [
    Array<{ id: string; requesterId: string; receiverId: string }>,
  ];
  const stars = () => Math.min(5, 1 + Math.floor(5 * Math.sqrt(rnd())));
  await conn.query("DROP TEMPORARY TABLE IF EXISTS bench_chat_ratings");
  await conn.query(
    "CREATE TEMPORARY TABLE bench_chat_ratings (id VARCHAR(36) PRIMARY KEY, rs INT NULL, rat DATETIME(3) NULL, es INT NULL, eat DATETIME(3) NULL)",
  );
  const ratings = new Batcher(conn, "bench_chat_ratings", ["id", "rs", "rat", "es", "eat"]);
  let ratedChats = 0;
  for (const c of chats) {
    const r = rnd();
    const at = r < 0.5 ? start + rnd() * span : r < 0.8 ? start - rnd() * 90 * DAY : null;
    if (at === null) {
      await ratings.add([c.id, null, null, null, null]);
      continue;
    }
    ratedChats++;
    // Each side rates within a day of the other, never after now.
    const side = () => (rnd() < 0.9 ? new Date(Math.min(now.getTime() - 1000, at + rnd() * DAY)) : null);
    const [requesterAt, receiverAt] = [side(), side()];
    await ratings.add([c.id, requesterAt && stars(), requesterAt, receiverAt && stars(), receiverAt]);
  }
  await ratings.flush();
  await conn.query(
    `UPDATE chats c JOIN bench_chat_ratings b ON b.id = c.id SET
       c.requesterRated = b.rs IS NOT NULL, c.requesterStars = b.rs, c.requesterRatedAt = b.rat,
       c.receiverRated = b.es IS NOT NULL, c.receiverStars = b.es, c.receiverRatedAt = b.eat`,
  );
  await conn.query("DROP TEMPORARY TABLE bench_chat_ratings");

  await conn.query("DELETE FROM lesson_slots");
  await conn.query("DELETE FROM lessons");
  const lessons = new Batcher(conn, "lessons", [
    "id",
    "chatId",
    "proposerId",
    "partnerId",
    "timezone",
    "status",
    "startsAt",
    "durationMinutes",
    "endsAt",
    "sequence",
    "createdAt",
    "acceptedAt",
    "cancelledAt",
    "cancelledById",
  ]);
  const slots = new Batcher(conn, "lesson_slots", ["id", "lessonId", "position", "startsAt", "durationMinutes"]);
  const count = chats.length ? Math.floor(students / 4) : 0;
  for (let i = 0; i < count; i++) {
    const c = chats[Math.floor(rnd() * chats.length)];
    const [proposer, partner] = rnd() < 0.5 ? [c.requesterId, c.receiverId] : [c.receiverId, c.requesterId];
    const minutes = [30, 45, 60, 90][Math.floor(rnd() * 4)];
    const endsAt = new Date(start - 60 * DAY + Math.floor(rnd() * (span + 74 * DAY)));
    const startsAt = new Date(endsAt.getTime() - minutes * 60_000);
    const createdAt = new Date(startsAt.getTime() - Math.floor((1 + rnd() * 6) * DAY));
    const acceptedAt = new Date(createdAt.getTime() + 3600_000);
    const cancelled = rnd() < 0.1;
    const id = newId();
    await lessons.add([
      id,
      c.id,
      proposer,
      partner,
      "Asia/Kolkata",
      cancelled ? "cancelled" : "scheduled",
      startsAt,
      minutes,
      endsAt,
      cancelled ? 1 : 0,
      createdAt,
      acceptedAt,
      cancelled ? acceptedAt : null,
      cancelled ? partner : null,
    ]);
    await slots.add([newId(), id, 0, startsAt, minutes]);
  }
  await lessons.flush();
  await slots.flush();
  for (const t of ["chats", "lessons", "lesson_slots"]) await conn.query(`ANALYZE TABLE \`${t}\``);
  return { ratedChats, lessons: count };
}
