/**
 * The building blocks of the demo's stories, each a few timeline steps through the real
 * services: swap and pay requests with their answers, chat messages, rating and finishing.
 */
import { DAY, HOUR, MINUTE } from "../../shared/clock.js";
import type { Line } from "./conversations.js";
import type { Person, Skill, Timeline } from "./timeline.js";

/** The person's own entry for a skill, if they know it. */
export const knows = (p: Person, skill: string): Skill | undefined => p.known.find((s) => s.skill === skill);

/** The first person (in order, none of `except`) who knows one of `skills`, with that skill. */
export function findTeacher(people: Person[], skills: string[], except: Set<string>): { person: Person; skill: Skill } | null {
  for (const name of skills) {
    for (const p of people) {
      const skill = knows(p, name);
      if (skill && !except.has(p.id)) return { person: p, skill };
    }
  }
  return null;
}

/**
 * `a` asks `b` for a swap at `at` (teach `teach`, learn `learn`); `b` accepts `acceptAfterHours`
 * later (null: the request stays pending). Returns when the chat opened.
 */
export function swapStory(
  tl: Timeline,
  a: Person,
  b: Person,
  teach: Skill,
  learn: Skill,
  at: number,
  acceptAfterHours: number | null,
): number {
  let requestId = "";
  tl.at(at, async (s) => {
    requestId = (await s.swaps.requestSwap(a.id, { receiverId: b.id, preachSkill: teach, learnSkill: learn })).id;
  });
  if (acceptAfterHours === null) return Number.NaN;
  const start = at + acceptAfterHours * HOUR;
  tl.at(start, (s) => s.swapDecisions.accept(b.id, requestId));
  return start;
}

/**
 * `a` asks to learn `learn` from `b` for `coins` at `at`; `b` accepts after `acceptAfterHours`
 * and `a` pays (coins into escrow, the chat opens) after `payAfterHours` more. A null stops the
 * story there (pending, or accepted and waiting for the payment). Returns when the chat opened.
 */
export function payStory(
  tl: Timeline,
  a: Person,
  b: Person,
  learn: Skill,
  coins: number,
  at: number,
  acceptAfterHours: number | null,
  payAfterHours: number | null,
): number {
  let requestId = "";
  tl.at(at, async (s) => {
    requestId = (await s.swaps.requestPay(a.id, { receiverId: b.id, learnSkill: learn, coins })).id;
  });
  if (acceptAfterHours === null) return Number.NaN;
  const accepted = at + acceptAfterHours * HOUR;
  tl.at(accepted, (s) => s.swapDecisions.accept(b.id, requestId));
  if (payAfterHours === null) return Number.NaN;
  const start = accepted + payAfterHours * HOUR;
  tl.at(start, (s) => s.swapDecisions.pay(a.id, requestId, coins));
  return start;
}

/** The lines of a chat that opened at `start` ("me" is `me`); lines that would be in the future are left out. */
export function talk(tl: Timeline, start: number, me: Person, them: Person, lines: Line[]): void {
  for (const [days, hours, from, text] of lines) {
    const at = start + days * DAY + hours * HOUR;
    if (at >= tl.now - MINUTE) continue;
    const [sender, other] = from === "me" ? [me, them] : [them, me];
    tl.at(at, (s) => s.chat.messages.send({ id: sender.id, verified: false }, other.id, text));
  }
}

/** Both rate each other (`aGives` stars to b, `bGives` to a) and finish the chat: rewards, completed skills, escrow released. */
export function finishStory(tl: Timeline, a: Person, b: Person, at: number, aGives: number, bGives: number): void {
  tl.at(at, (s) => s.chat.lifecycle.rate(a.id, b.id, aGives));
  tl.at(at + 10 * MINUTE, (s) => s.chat.lifecycle.finish(a.id, b.id));
  tl.at(at + 3 * HOUR, (s) => s.chat.lifecycle.rate(b.id, a.id, bGives));
  tl.at(at + 3 * HOUR + 5 * MINUTE, (s) => s.chat.lifecycle.finish(b.id, a.id));
}

/** Both write a review of the finished swap, `a` first (each shows on the other's profile once both have). */
export function reviewStory(tl: Timeline, a: Person, b: Person, at: number, aSays: string, bSays: string): void {
  tl.at(at, (s) => s.reviews.write(a.id, b.id, aSays));
  tl.at(at + 5 * HOUR, (s) => s.reviews.write(b.id, a.id, bSays));
}

/** What classmates write of each other after a course of `skill`: a teacher's (`taught`) or a learner's words. */
export function reviewText(tl: Timeline, skill: string, taught: boolean): string {
  return taught
    ? tl.rnd.pick([
        `Patient and well prepared. ${skill} finally makes sense to me.`,
        `Explained ${skill} with real examples from our labs. Would learn from them again.`,
        `Clear, on time every session, and shared good notes on ${skill}.`,
      ])
    : tl.rnd.pick([
        `A keen learner: came with questions and practised ${skill} between sessions.`,
        `Great to teach, picked up ${skill} quickly and was always on time.`,
      ]);
}

/** Mostly good ratings, as in a friendly college community. */
export const stars = (tl: Timeline): number => tl.rnd.pick([3, 4, 4, 5, 5, 5]);
