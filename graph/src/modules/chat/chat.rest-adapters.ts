import type { UserSummary, UsersService } from "../accounts/users.service.js";
import { forbidden } from "../../shared/errors.js";
import { firstNodes } from "../../shared/pagination.js";
import type { ChatService } from "./chat.service.js";
import { CHAT_MESSAGES, MAX_CHATS_LISTED } from "./chat.rules.js";
import type { ChatListItemView, ChatMessageView, ChatView } from "./chat.types.js";

/**
 * The old client's chat shapes (a whole list, a chat with its latest messages and partner, a chat
 * named by a pair of ids) are the REST door's, over the reads GraphQL calls too; the rules (who
 * may read which chat, DETAILS_NOT_FILLED) stay in those reads.
 */

/** GET /user/chat: the newest MAX_CHATS_LISTED chats, through the one keyset-paged chat list. */
export function newestChats(chat: Pick<ChatService, "listPage">, me: string): Promise<ChatListItemView[]> {
  return firstNodes(MAX_CHATS_LISTED, (first, after) => chat.listPage(me, { first, after }));
}

/** GET /user/chat/:id: the caller's chat with `otherId`, its latest messages (oldest first) and the partner. */
export async function chatWithLatest(
  s: { chat: Pick<ChatService, "view" | "messages">; users: Pick<UsersService, "summaries"> },
  me: string,
  otherId: unknown,
): Promise<{ view: ChatView; messages: ChatMessageView[]; partner: UserSummary | null }> {
  const view = await s.chat.view(me, otherId);
  const [messages, users] = await Promise.all([s.chat.messages.latest(view.id), s.users.summaries([view.partnerId])]);
  return { view, messages, partner: users.get(view.partnerId) ?? null };
}

/** The pair named by an old client's userId1/userId2 must include the caller: the other one, FORBIDDEN otherwise. */
export function otherOfPair(me: string, userId1: unknown, userId2: unknown): string {
  const a = typeof userId1 === "string" ? userId1 : "";
  const b = typeof userId2 === "string" ? userId2 : "";
  if (a === me && b !== me) return b;
  if (b === me && a !== me) return a;
  throw forbidden(CHAT_MESSAGES.notParticipant);
}
