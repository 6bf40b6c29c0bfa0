/**
 * Demo data for a fresh embedded database: about 40 students with varied skills, languages,
 * ratings and generated avatars (stored through Storage), all signing in with one demo password;
 * then their last weeks replayed through the real services (timeline.ts): coins, swaps and
 * paid courses with chats, ratings and finishes, project problems, pending requests.
 */
import { DAY, HOUR } from "../../shared/clock.js";
import { newId } from "../../shared/ids.js";
import { User } from "../../modules/accounts/user.entity.js";
import { hashPassword } from "../../modules/accounts/passwords.js";
import { CATEGORIES, validateProfile } from "../../modules/profiles/profile.rules.js";
import type { Services } from "../../services.js";
import { renderAvatar } from "./avatar.js";
import { scheduleCoins, scheduleFinishedSwaps, scheduleWrapUp } from "./community.js";
import { DEMO_PASSWORD, EXTRA_LANGUAGES, prng, REGIONAL_LANGUAGES, SKILLS, STUDENTS } from "./demo-data.js";
import { scheduleDemoStudent } from "./demo-student.js";
import { scheduleImplements } from "./implements.js";
import { type Person, type Skill, Timeline } from "./timeline.js";

export function demoEmail(services: Services): string {
  return `${STUDENTS[0].roll}@${services.deps.config.collegeEmailDomain}`;
}

/** The first student's profile is written by hand: their feed shows strong matches first. */
const FIRST: { known: Skill[]; required: Skill[] } = {
  known: [
    { category: "Programming & Technology", skill: "Python" },
    { category: "Programming & Technology", skill: "React" },
    { category: "Music & Performing Arts", skill: "Guitar" },
  ],
  required: [
    { category: "Languages & Linguistics", skill: "Japanese" },
    { category: "Hobbies & Crafts", skill: "Photography" },
    { category: "Programming & Technology", skill: "Machine Learning" },
  ],
};

function skillsFor(i: number, rnd: ReturnType<typeof prng>): { known: Skill[]; required: Skill[] } {
  if (i === 0) return FIRST;
  const take = (n: number, avoid: Set<string>) => {
    const out: Skill[] = [];
    while (out.length < n) {
      const category = rnd.pick(CATEGORIES.filter((c) => SKILLS[c]));
      const skill = rnd.pick(SKILLS[category]);
      if (avoid.has(skill)) continue;
      avoid.add(skill);
      out.push({ category, skill });
    }
    return out;
  };
  const used = new Set<string>();
  // Every third student knows something the first student wants and wants what they know, in turn.
  const match = (i / 3) % FIRST.required.length;
  const known = i % 3 === 0 ? [FIRST.required[match], ...take(rnd.int(1, 2), used)] : take(rnd.int(2, 4), used);
  known.forEach((s) => used.add(s.skill));
  const required = i % 3 === 0 ? [FIRST.known[match], ...take(rnd.int(0, 1), used)] : take(rnd.int(1, 3), used);
  return { known, required };
}

function languagesFor(rnd: ReturnType<typeof prng>): string[] {
  const langs = ["English", rnd.pick(REGIONAL_LANGUAGES)];
  if (rnd.next() < 0.35) langs.push(rnd.pick(REGIONAL_LANGUAGES));
  if (rnd.next() < 0.2) langs.push(rnd.pick(EXTRA_LANGUAGES));
  return [...new Set(langs)];
}

export async function seedDemoData(services: Services): Promise<void> {
  const { deps, profiles } = services;
  const rnd = prng(2026);
  const now = deps.clock.now().getTime();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const domain = deps.config.collegeEmailDomain;

  const people = await Promise.all(
    STUDENTS.map(async (s, i) => {
      const id = newId();
      const image = await deps.storage.putImage(id, renderAvatar(s.name), { ext: "svg", mime: "image/svg+xml" });
      // Everyone joined five to six weeks ago, the demo student first.
      return { ...s, id, image, createdAt: new Date(now - 45 * DAY + i * 6 * HOUR) };
    }),
  );

  const cast: Person[] = [];
  await deps.tx(async (em) => {
    for (const [i, p] of people.entries()) {
      // No rating of their own: every rating comes from a swap they finished (community.ts), so a profile's rating,
      // its completed skills and its reviews tell one story.
      await em.getRepository(User).insert({
        id: p.id,
        name: p.name,
        nameKey: p.name.toLowerCase(),
        email: `${p.roll}@${domain}`,
        passwordHash,
        tokenVersion: 0,
        gender: null,
        image: null,
        amount: 0,
        days: 0,
        ratingSum: 0,
        ratingCount: 0,
        ratingAvg: 0,
        createdAt: p.createdAt,
        // The demo community (the demo student included) verified their college mail on sign-up.
        emailVerifiedAt: p.createdAt,
        visible: true,
      });
      const skills = skillsFor(i, rnd);
      cast.push({ index: i, id: p.id, name: p.name, ...skills, createdAt: p.createdAt.getTime() });
      const profile = validateProfile({
        gender: p.gender,
        languages: languagesFor(rnd),
        skillsKnown: skills.known,
        skillsRequired: skills.required,
        amount: rnd.pick([0, 5, 10, 10, 15, 20, 25, 30]),
        days: rnd.int(5, 30),
      });
      await profiles.writeProfile(em, p.id, profile, p.image);
    }
  });

  // Their recent past, through the services: the demo student's stories claim their partners first.
  const tl = new Timeline(now, prng(2027));
  scheduleDemoStudent(tl, cast);
  scheduleImplements(tl, cast);
  const buyers = scheduleCoins(tl, cast);
  scheduleFinishedSwaps(tl, cast, buyers);
  scheduleWrapUp(tl, cast);
  await tl.replay(services);
}

/**
 * Start-up hook: seeds an empty embedded database (unless DEMO_DATA=off) and prints the
 * demo login whenever the demo student exists.
 */
export async function seedDemoDataIfEmpty(services: Services): Promise<void> {
  const { config, dataSource, logger } = services.deps;
  if (!config.demoData || config.database.kind !== "sqlite") return;
  const users = dataSource.getRepository(User);
  if ((await users.count()) === 0) {
    await seedDemoData(services);
    logger.info({ students: STUDENTS.length }, "seeded the demo community");
  }
  const email = demoEmail(services);
  if (await users.exists({ where: { email } })) {
    logger.info({ email }, `Demo login: ${email} / ${DEMO_PASSWORD}`);
  }
}
