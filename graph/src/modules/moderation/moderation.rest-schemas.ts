import { z } from "../../kit/zod-openapi.js";
import { ChatKind, ChatStatus } from "../chat/chat.types.js";
import { HoldState } from "../coins/coins.types.js";

/** The REST shapes both report queues (chats and reviews) show a student and a chat in (moderation.views.ts). */
const At = z.string().datetime();
export const ModeratedStudent = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    suspendedUntil: At.nullable().describe("9999-12-31: permanently; null when not suspended."),
    suspension: z
      .object({ until: At, permanent: z.boolean(), active: z.boolean().describe("In force now, by the server's clock.") })
      .nullable(),
    deleted: z.boolean(),
  })
  .openapi("ModeratedStudent");
export const ModerationChat = z
  .object({
    id: z.string(),
    kind: z.nativeEnum(ChatKind),
    status: z.nativeEnum(ChatStatus).describe("The chat's status now (not when it was reported)."),
    statusSince: At.describe("When it took that status."),
    startDate: At,
    endedAt: At.nullable(),
    coins: z.number().int(),
    title: z.string().nullable(),
    escrow: z.object({ coins: z.number().int(), state: z.nativeEnum(HoldState) }).nullable(),
    messageCount: z.number().int(),
  })
  .openapi("ModerationChat");
