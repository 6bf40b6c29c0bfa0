/**
 * Project problems (implements): posts by several students over the last weeks, applicants
 * the owners accepted (a project chat opens), rejected or have not answered yet; the demo
 * student was accepted to one (with its chat) and has a post of their own with applicants.
 */
import { DAY, HOUR } from "../../shared/clock.js";
import { DEMO_JOIN_REASON, DEMO_PROBLEM, JOIN_REASONS, PROBLEMS, type ProblemText, PROJECT_CHAT } from "./conversations.js";
import { findTeacher, talk } from "./stories.js";
import type { Person, Timeline } from "./timeline.js";

/** Per problem: days since it was posted and how many students asked to join. */
const SHAPE: Array<{ daysAgo: number; applicants: number }> = [
  { daysAgo: 18, applicants: 3 },
  { daysAgo: 7, applicants: 2 },
  { daysAgo: 15, applicants: 2 },
  { daysAgo: 11, applicants: 3 },
  { daysAgo: 9, applicants: 1 },
  { daysAgo: 4, applicants: 2 },
  { daysAgo: 2, applicants: 0 },
];
/** The problem the demo student joins and is accepted to (the machine learning one). */
const DEMO_JOINS = 1;
const REJECT_REASON = { reason: "Does Not Meet Requirements" };

export function scheduleImplements(tl: Timeline, people: Person[]): void {
  const demo = people[0];
  const others = people.slice(1);
  const owners = new Set<string>();
  PROBLEMS.forEach((text, n) => {
    const { daysAgo, applicants } = SHAPE[n];
    const owner = chooseOwner(tl, others, owners, text, n === DEMO_JOINS ? demo : null);
    const posted = tl.ago(daysAgo, 3 + n);
    const post = schedulePost(tl, owner, text, posted);
    const pool = others.filter((p) => p.id !== owner.id);
    const joined = new Set<string>();
    for (let k = 0; k < applicants; k++) {
      let applicant = tl.rnd.pick(pool);
      while (joined.has(applicant.id)) applicant = tl.rnd.pick(pool);
      joined.add(applicant.id);
      const reason = tl.rnd.pick(JOIN_REASONS);
      tl.at(posted + (1 + 20 * k) * HOUR, (s) => s.implementApplicants.join(applicant.id, post.id, reason));
      const decided = posted + 2 * DAY + 2 * k * HOUR;
      // Recent posts wait for their owner; the owner accepts the first, lets the second wait and turns the third down.
      if (decided > tl.ago(1) || k === 1) continue;
      if (k === 0 && tl.claim(owner.id, applicant.id)) {
        tl.at(decided, (s) => s.implementApplicants.accept(owner.id, post.id, applicant.id));
        talk(tl, decided, owner, applicant, [
          [0, 1, "me", `Welcome to "${text.title}"! Sharing the repo and the task list here.`],
          [0, 3, "them", "Thanks! Starting tonight."],
        ]);
      } else if (k === 2) {
        tl.at(decided, (s) => s.implementApplicants.reject(owner.id, post.id, applicant.id, REJECT_REASON, false));
      }
    }
    if (n === DEMO_JOINS) {
      tl.at(tl.ago(5, 3), (s) => s.implementApplicants.join(demo.id, post.id, DEMO_JOIN_REASON));
      const accepted = tl.ago(4, 9);
      tl.at(accepted, (s) => s.implementApplicants.accept(owner.id, post.id, demo.id));
      talk(tl, accepted, demo, owner, PROJECT_CHAT);
    }
  });

  // The demo student's own problem: two classmates asked to join and wait for an answer.
  const mine = schedulePost(tl, demo, DEMO_PROBLEM, tl.ago(3, 4));
  const coders = others.filter((p) => !owners.has(p.id) && p.known.some((k) => k.category === "Programming & Technology"));
  const [solver, designer] = coders.length >= 2 ? coders : others;
  tl.at(tl.ago(2, 1), (s) =>
    s.implementApplicants.join(solver.id, mine.id, "I've solved timetabling with OR-Tools for a hackathon. I can own the solver."),
  );
  tl.at(tl.ago(0, 9), (s) => s.implementApplicants.join(designer.id, mine.id, "I'd love to build the React UI and the PDF export."));
}

/** Creates the post at `at`; its id is known once that step has run. */
function schedulePost(tl: Timeline, owner: Person, text: ProblemText, at: number): { id: string } {
  const post = { id: "" };
  tl.at(at, async (s) => {
    post.id = (await s.implementPosts.create(owner.id, { title: text.title, description: text.description })).id;
  });
  return post;
}

/** A student knowing the problem's skill who owns no other problem (and, for `mustChatWith`, has no story with them yet). */
function chooseOwner(tl: Timeline, others: Person[], owners: Set<string>, text: ProblemText, mustChatWith: Person | null): Person {
  const candidates = [findTeacher(others, [text.skill], owners)?.person, ...others].filter((p): p is Person => !!p && !owners.has(p.id));
  const owner = mustChatWith ? candidates.find((p) => tl.claim(mustChatWith.id, p.id)) : candidates[0];
  if (!owner) throw new Error("no owner for a demo problem");
  owners.add(owner.id);
  return owner;
}
