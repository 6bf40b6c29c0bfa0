/** Students arranged through the API, for suites that are not about registering or profiles. */
import { randomBytes } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { baseURL, gql, newContext } from "./browser.js";
import { verificationLinkFor } from "./mail.js";

export const PASSWORD = "correct horse battery";

/** The operator named by the browser suites' server (global-setup.ts OPERATOR_EMAILS). */
export const OPERATOR_EMAIL = "90z900@psgtech.ac.in";

export interface Student {
  token: string;
  id: string;
  name: string;
  email: string;
}

export type Skill = { category: string; skill: string };

/** A skill in "Programming & Technology" (or another category). */
export const skill = (name: string, category = "Programming & Technology"): Skill => ({ category, skill: name });

/**
 * Registers a student named `${prefix} <4 hex>` with a random college email (two digits, a letter,
 * three digits) and opens the mailed verification link, unless `verified: false`.
 */
export async function registerStudent(
  prefix: string,
  { verified = true, email: given }: { verified?: boolean; email?: string } = {},
): Promise<Student> {
  const n = randomBytes(4).readUInt32BE(0);
  // 10..89 as the first two digits: never the operator's 90z900.
  const email = given ?? `${10 + (n % 80)}${"abcdefghijklmnopqrstuvwxyz"[(n >>> 8) % 26]}${100 + ((n >>> 13) % 900)}@psgtech.ac.in`;
  const name = `${prefix} ${randomBytes(2).toString("hex")}`;
  const { register } = await gql<{ register: { token: string; userId: string } }>(
    "mutation ($input: RegisterInput!) { register(input: $input) { token userId } }",
    { input: { name, email, password: PASSWORD } },
  );
  if (verified)
    await gql("mutation ($token: String!) { verifyEmail(token: $token) }", { token: (await verificationLinkFor(email)).split("/").at(-1) });
  return { token: register.token, id: register.userId, name, email };
}

/**
 * The operator of the browser suites' server (OPERATOR_EMAILS): registered (and verified) by the
 * first suite that needs them, signed in by the next ones.
 */
export async function operatorStudent(): Promise<Student> {
  try {
    const { login } = await gql<{ login: { token: string; userId: string } }>(
      "mutation ($input: LoginInput!) { login(input: $input) { token userId } }",
      { input: { email: OPERATOR_EMAIL, password: PASSWORD } },
    );
    const { me } = await gql<{ me: { name: string } }>("{ me { name } }", {}, login.token);
    return { token: login.token, id: login.userId, name: me.name, email: OPERATOR_EMAIL };
  } catch {
    return registerStudent("Operator", { email: OPERATOR_EMAIL });
  }
}

/** A 1x1 PNG. */
const TINY_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

/** Uploads a profile picture for the token's student; returns its URL. */
export async function uploadPicture(token: string, png: BlobPart = TINY_PNG, fileName = "me.png"): Promise<string> {
  const form = new FormData();
  form.append("image", new Blob([png], { type: "image/png" }), fileName);
  const up = await fetch(`${baseURL()}/api/upload/image`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  const { url } = (await up.json()) as { url: string };
  return url;
}

export interface ProfileFields {
  gender: "Male" | "Female";
  skillsKnown: Skill[];
  skillsRequired: Skill[];
  /** Skill coins per course; 0 unless given. */
  amount?: number;
}

/** The form's words to the schema's Gender values. */
const GRAPHQL_GENDER = { Male: "MALE", Female: "FEMALE" } as const;

/** A filled profile (chat, swaps and implements need one): a tiny picture, English, and the given fields. */
export async function fillProfile(
  s: Pick<Student, "token">,
  { gender, skillsKnown, skillsRequired, amount = 0 }: ProfileFields,
): Promise<void> {
  const image = await uploadPicture(s.token);
  await gql(
    "mutation ($input: ProfileInput!) { updateProfile(input: $input) { id } }",
    { input: { gender: GRAPHQL_GENDER[gender], image, languages: ["English"], skillsKnown, skillsRequired, amount } },
    s.token,
  );
}

/**
 * A page in a context of its own, signed in as `s` (close it with `page.context().close()`). The
 * token goes into localStorage before the app loads, unless the page already holds one (so a
 * later sign-in through the form survives a reload).
 */
export async function signedInPage(
  browser: Browser,
  s: Pick<Student, "token">,
  viewport?: { width: number; height: number; touch?: boolean },
): Promise<Page> {
  const ctx = await newContext(browser, viewport);
  await ctx.addInitScript((token) => {
    if (!localStorage.getItem("jwt")) localStorage.setItem("jwt", token);
  }, s.token);
  return ctx.newPage();
}

/** Puts `token` into an open page's localStorage (visits /about first, to be on the app's origin). */
export async function signIn(page: Page, token: string): Promise<void> {
  await page.goto("/about");
  await page.evaluate((t) => localStorage.setItem("jwt", t), token);
}

/** A filled profile (chat needs one): one skill known and one wanted, in Programming & Technology. */
export const techProfile = (gender: "Male" | "Female", knows: string, wants: string): ProfileFields => ({
  gender,
  skillsKnown: [skill(knows)],
  skillsRequired: [skill(wants)],
});

/** The swaps flow through the API: `a` offers `teach` to learn `learn`, `b` accepts, the chat opens. */
export async function openSwapChat(a: Student, b: Student, teach: string, learn: string): Promise<void> {
  const { requestSwap } = await gql<{ requestSwap: { id: string } }>(
    "mutation ($input: RequestSwapInput!) { requestSwap(input: $input) { id } }",
    { input: { receiverId: b.id, preachSkill: skill(teach), learnSkill: skill(learn) } },
    a.token,
  );
  await gql("mutation ($id: ID!) { acceptRequest(id: $id) { id status } }", { id: requestSwap.id }, b.token);
}

/**
 * Asha and Ravi, new students whose filled profiles match each other (Asha knows `teach` and wants
 * `learn`, Ravi the other way round), already in a swap chat in progress.
 */
export async function chattingPair(teach: string, learn: string): Promise<{ asha: Student; ravi: Student }> {
  const asha = await registerStudent("Asha");
  const ravi = await registerStudent("Ravi");
  await fillProfile(asha, techProfile("Female", teach, learn));
  await fillProfile(ravi, techProfile("Male", learn, teach));
  await openSwapChat(asha, ravi, teach, learn);
  return { asha, ravi };
}

/** Coins bought through the sandbox checkout, the way the coins page buys them. */
export async function buyCoins(s: Pick<Student, "token">, coins: number): Promise<void> {
  const { createCoinOrder } = await gql<{ createCoinOrder: { orderId: string } }>(
    "mutation ($c: Int!) { createCoinOrder(coins: $c) { orderId } }",
    { c: coins },
    s.token,
  );
  const { sandboxPay } = await gql<{ sandboxPay: { orderId: string; paymentId: string; signature: string } }>(
    "mutation ($id: ID!) { sandboxPay(orderId: $id) { orderId paymentId signature } }",
    { id: createCoinOrder.orderId },
    s.token,
  );
  await gql(
    "mutation ($o: ID!, $p: String!, $s: String!) { verifyCoinPayment(orderId: $o, paymentId: $p, signature: $s) { __typename } }",
    { o: sandboxPay.orderId, p: sandboxPay.paymentId, s: sandboxPay.signature },
    s.token,
  );
}
