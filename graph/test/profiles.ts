/** Helpers for suites that need students with filled profiles and uploaded images. */
import { validateProfile } from "../src/modules/profiles/profile.rules.js";
import type { User } from "../src/modules/accounts/user.entity.js";
import { solidPng } from "../src/shared/png.js";
import type { TestApp } from "./harness.js";

export type SkillSpec = string | { category: string; skill: string };

const asSkill = (s: SkillSpec) => (typeof s === "string" ? { category: "Programming & Technology", skill: s } : s);

export const UPDATE_PROFILE = `mutation Update($input: ProfileInput!) {
  updateProfile(input: $input) { id name email gender image amount days languages detailsFilled
    skillsKnown { category skill } skillsRequired { category skill } }
}`;

export const PNG = solidPng(8, 8, [40, 120, 200]);

/** POST /api/upload/image as multipart, like the browser form does. */
export async function uploadImage(
  t: TestApp,
  token: string | null,
  bytes: Uint8Array | null,
  file = { name: "photo.png", type: "image/png" },
): Promise<{ status: number; body: { url?: string; error?: string } }> {
  const form = new FormData();
  if (bytes) form.append("image", new Blob([new Uint8Array(bytes)], { type: file.type }), file.name);
  const res = await fetch(`${t.url}/api/upload/image`, {
    method: "POST",
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.status, body: (await res.json()) as { url?: string; error?: string } };
}

/**
 * A student with a filled profile, written straight through the service (suites about
 * the feed or search are not about the form). The image is a real stored upload.
 */
export async function filledStudent(
  t: TestApp,
  opts: {
    name?: string;
    known?: SkillSpec[];
    required?: SkillSpec[];
    languages?: string[];
    gender?: "Male" | "Female";
    overrides?: Partial<User>;
  } = {},
): Promise<{ id: string; token: string; user: User }> {
  const { user, token } = await t.createUser({ ...(opts.name ? { name: opts.name } : {}), ...opts.overrides });
  const services = t.app.services;
  const image = await services.deps.storage.putImage(user.id, PNG, { ext: "png", mime: "image/png" });
  const profile = validateProfile({
    gender: opts.gender ?? "Female",
    languages: opts.languages ?? ["English"],
    skillsKnown: (opts.known ?? ["Java"]).map(asSkill),
    skillsRequired: (opts.required ?? ["Chess"]).map(asSkill),
    amount: 5,
    days: 3,
  });
  await services.deps.tx((em) => services.profiles.writeProfile(em, user.id, profile, image));
  return { id: user.id, token, user };
}

/** Counts every SQL statement the app's database runs while `work` runs. */
export async function countStatements(t: TestApp, work: () => Promise<unknown>): Promise<{ count: number; statements: string[] }> {
  const captured = await captureStatements(t, work);
  return { count: captured.length, statements: captured.map((c) => c.sql) };
}

/** Every SQL statement (text and parameters) the app's database runs while `work` runs. */
export async function captureStatements(t: TestApp, work: () => Promise<unknown>): Promise<Array<{ sql: string; params: unknown[] }>> {
  const logger = t.dataSource.logger;
  const statements: Array<{ sql: string; params: unknown[] }> = [];
  const capturing = Object.create(logger) as typeof logger;
  capturing.logQuery = (query: string, parameters?: unknown[]) => {
    statements.push({ sql: query, params: parameters ?? [] });
  };
  (t.dataSource as { logger: typeof logger }).logger = capturing;
  try {
    await work();
  } finally {
    (t.dataSource as { logger: typeof logger }).logger = logger;
  }
  return statements;
}
