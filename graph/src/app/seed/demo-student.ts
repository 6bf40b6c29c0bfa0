/**
 * The demo student's own story: a finished swap, a paid course and a live swap (3 chats with
 * messages), and requests waiting on the notifications page (a swap request, a pay request and
 * an accepted pay request to pay for). The project chat is seeded with the implements.
 */
import type { Services } from "../../services.js";
import { MINUTE } from "../../shared/clock.js";
import { firstNodes } from "../../shared/pagination.js";
import { FINISHED_SWAP, LIVE_SWAP, PAID_LESSONS } from "./conversations.js";
import { findTeacher, finishStory, knows, payStory, swapStory, talk } from "./stories.js";
import type { Person, Skill, Timeline } from "./timeline.js";

export const MEETING_LINK = "https://meet.google.com/kpr-tmqx-vzd";

export function scheduleDemoStudent(tl: Timeline, people: Person[]): void {
  const demo = people[0];
  const others = people.slice(1);
  const busy = new Set<string>();
  /** A classmate with nothing going on with the demo student yet, preferably knowing one of `skills`. */
  const partner = (skills: string[]): { person: Person; skill: Skill } => {
    const found = findTeacher(others, skills, busy);
    const person = found?.person ?? others.find((p) => !busy.has(p.id))!;
    busy.add(person.id);
    if (!tl.claim(demo.id, person.id)) throw new Error("demo partner chosen twice");
    return { person, skill: found?.skill ?? person.known[0] };
  };
  const mine = (name: string): Skill => knows(demo, name) ?? demo.known[0];

  // Finished a month ago: Japanese for Python, both rated.
  const sensei = partner(["Japanese"]);
  const swapStart = swapStory(tl, demo, sensei.person, mine("Python"), sensei.skill, tl.ago(29, 9), 3);
  talk(tl, swapStart, demo, sensei.person, FINISHED_SWAP);
  finishStory(tl, demo, sensei.person, tl.ago(17, 4), 5, 5);

  // Paid 20 coins for photography lessons 13 days ago: in progress, old enough to finish.
  const photographer = partner(["Photography", "Video Editing", "Sketching"]);
  const paidStart = payStory(tl, demo, photographer.person, photographer.skill, 20, tl.ago(13, 10), 4, 1);
  tl.at(paidStart + 150 * MINUTE, (s) => s.chat.setMeetingLink(photographer.person.id, demo.id, MEETING_LINK));
  talk(tl, paidStart, demo, photographer.person, PAID_LESSONS);

  // A live swap: Machine Learning for React.
  const mentor = partner(["Machine Learning", "Data Structures & Algorithms", "Python"]);
  const liveStart = swapStory(tl, demo, mentor.person, mine("React"), mentor.skill, tl.ago(6, 9), 2);
  talk(tl, liveStart, demo, mentor.person, LIVE_SWAP);

  // Waiting on the notifications page: a swap request and a pay request to answer...
  const asker = partner(demo.required.map((s) => s.skill).filter((name) => name !== sensei.skill.skill));
  swapStory(tl, asker.person, demo, asker.skill, mine("Python"), tl.ago(1, 3), null);
  const learner =
    others.find((p) => !busy.has(p.id) && p.required.some((r) => knows(demo, r.skill))) ?? others.find((p) => !busy.has(p.id))!;
  busy.add(learner.id);
  tl.claim(demo.id, learner.id);
  const wanted = learner.required.find((r) => knows(demo, r.skill));
  payStory(tl, learner, demo, mine(wanted?.skill ?? "Guitar"), 15, tl.ago(0, 5), null, null);
  // ...and a pay request of the demo student's that was accepted: the Pay button.
  const coach = partner(["Public Speaking", "Chess", "Yoga", "Badminton"]);
  payStory(tl, demo, coach.person, coach.skill, 25, tl.ago(2, 6), 24, null);
}

/**
 * The demo student has already pressed Ok on the informational notifications (accepted
 * swaps, the finished swap, the project acceptance): only the requests wait for an answer.
 */
export async function acknowledgeDemoNotifications(s: Services, demoId: string): Promise<void> {
  for (const n of await firstNodes(200, (first, after) => s.notifications.page(demoId, { first, after }))) {
    if (n.dismissible) await s.notifications.dismiss(demoId, { id: n.id });
  }
}
