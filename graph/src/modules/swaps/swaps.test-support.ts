/** Shared arrangements for the swaps suites (not a test file itself). */
import { randomBytes } from "node:crypto";
import type { TestApp } from "../../../test/harness.js";
import { SYSTEM_ACCOUNTS } from "../coins/ledger.entity.js";
import { validateProfile } from "../profiles/profile.rules.js";
import { ledgerWrites } from "../../../test/ledger.js";

export const REACT = { skill: "React", category: "Programming & Technology" };
export const GUITAR = { skill: "Guitar", category: "Music & Performing Arts" };
export const CHESS = { skill: "Chess", category: "Hobbies & Crafts" };
export const YOGA = { skill: "Yoga", category: "Fitness & Wellness" };

/** A student with a filled profile (through the profiles service) and a token. */
export async function student(t: TestApp, known: Array<{ skill: string; category: string }>, gender: "Male" | "Female" = "Male") {
  const s = await t.createUser({ gender });
  const profile = validateProfile({ gender, languages: ["English"], skillsKnown: known, skillsRequired: [YOGA] });
  await t.app.services.deps.tx((em) => t.app.services.profiles.writeProfile(em, s.user.id, profile, null));
  return { id: s.user.id, name: s.user.name, token: s.token };
}
export type Student = Awaited<ReturnType<typeof student>>;

/** Coins bought in the sandbox, credited straight through the ledger. */
export async function giveCoins(t: TestApp, userId: string, coins: number) {
  const id = randomBytes(6).toString("hex");
  await ledgerWrites(t.app.services).creditPurchase({ userId, coins, paymentId: `test_${id}`, orderId: `order_${id}` });
}

export const balance = (t: TestApp, userId: string) => t.app.services.coins.balanceOf(userId);
export const escrow = (t: TestApp) => t.app.services.coins.balanceOf(SYSTEM_ACCOUNTS.escrow);

export const REQUEST_FIELDS = `id kind status skillCoins chatId requester { id name } receiver { id name } preachSkill { skill category } learnSkill { skill category }`;

export const Q = {
  swapForm: `query($u: ID!) { swapForm(userId: $u) { preachSkills { skill category } learnSkills { skill category } } }`,
  payForm: `query($u: ID!) { payForm(userId: $u) { preachSkills { skill category } learnSkills { skill category } } }`,
  availability: `query($u: ID!) { swapAvailability(userId: $u) { hasChat canRequest reason openRequest { id kind status } } }`,
  requestSwap: `mutation($i: RequestSwapInput!) { requestSwap(input: $i) { ${REQUEST_FIELDS} } }`,
  requestPay: `mutation($i: RequestPayInput!) { requestPay(input: $i) { ${REQUEST_FIELDS} } }`,
  accept: `mutation($id: ID!) { acceptRequest(id: $id) { ${REQUEST_FIELDS} } }`,
  reject: `mutation($id: ID!) { rejectRequest(id: $id) { ${REQUEST_FIELDS} } }`,
  pay: `mutation($id: ID!) { payAcceptedRequest(id: $id) { message coins request { ${REQUEST_FIELDS} } } }`,
  notifications: `{ notifications { edges { node { id type message refId skillCoins notifier { id name } preachSkill { skill category } learnSkill { skill category } } } } notificationCount }`,
};
