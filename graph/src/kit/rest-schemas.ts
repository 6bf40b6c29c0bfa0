import { SKIP_MESSAGE } from "../shared/pagination.js";
import { z } from "./zod-openapi.js";

/**
 * Zod pieces several modules' REST routes describe themselves with. A field whose content a
 * service checks (and answers with a spec text) is typed here, never constrained: the door
 * refuses a number where a string belongs, the service says what a wrong string means.
 */

/** `error: ""` means success (the old client's convention). */
export const ErrorText = z.string().describe("Empty on success; otherwise the refusal, shown to the student as is.");
export const OkAnswer = z.object({ error: ErrorText }).openapi("Ok", { example: { error: "" } });

/** A user, post or request id (UUID). The old client sent ids as strings; numbers are accepted and read as strings. */
export const IdValue = z.union([z.string(), z.number()]).transform(String).describe("An id (UUID)");
export const OptionalId = IdValue.optional();

/** A text field the service validates (empty counts as missing there, with the spec's message). */
export const Text = z.string().max(100_000);
export const OptionalText = Text.optional();

/** A skill as the old client sent and reads it. */
export const RestSkill = z
  .object({ category: z.string(), skill: z.string() })
  .openapi("Skill", { example: { category: "Programming", skill: "React" } });

export const UserIdParam = z.object({ userID: z.string() });

/**
 * A string field where anything else counts as empty, so the service answers its usual message:
 * sign-in must give the same answer for every malformed input (no probing by type).
 */
export const LooseString = z.preprocess((v) => (typeof v === "string" ? v : ""), z.string());

/** `?skip=`: how many rows the client already has (absent or empty: undefined). */
export const Skip = z
  .preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .regex(/^\d{1,6}$/, SKIP_MESSAGE)
      .optional(),
  )
  .transform((v) => (v === undefined ? undefined : Number(v)))
  .describe("How many items the client already has (a whole number).");

/** A required id in a body: "<name> is required" when missing or blank. */
export const RequiredId = (name: string) =>
  z
    .string({ required_error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`);
