import type { Deps } from "../../shared/deps.js";
import type { ChatCollaborators, ChatRows } from "./chat-parts.js";
import { partnerOf } from "./chat-views.js";

/** How long a client shows "… is typing…" after the last signal (the web app's TYPING_SILENCE_MS matches it). */
export const TYPING_SHOWN_MS = 5_000;

/**
 * "Typing" signals: published to the partner's own topic (CHAT_TYPING, addressed to the one
 * student who may hear it), never stored. Only a member of a chat in progress may signal, never
 * to someone they block or who blocks them, and each sender draws from the `chat_typing` limit
 * (the web app sends at most one signal every 2.5 s while keys are pressed).
 */
export class ChatTypingService {
  constructor(
    private readonly deps: Deps,
    private readonly c: Pick<ChatCollaborators, "blocks" | "rateLimits">,
    private readonly chats: Pick<ChatRows, "require" | "stateError">,
  ) {}

  /** The caller is typing in their chat with `otherId`: NOT_FOUND for a chat they are not in, CONFLICT once it ended. True when sent on. */
  async signal(me: string, otherId: unknown): Promise<boolean> {
    const chat = await this.chats.require(me, otherId);
    if (chat.status !== "in_progress") throw this.chats.stateError(chat);
    const partner = partnerOf(chat, me);
    return this.c.rateLimits.spend([["chat_typing", me]], async () => {
      if (await this.c.blocks.isBlockedEither(me, partner)) return false;
      this.deps.pubsub.publish("CHAT_TYPING", partner, { chatId: chat.id, userId: me, at: this.deps.clock.now().toISOString() });
      return true;
    });
  }
}
