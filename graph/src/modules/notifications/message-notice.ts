/**
 * A chat message's mail and push (issue #37): recorded as one outbox item in the message's own
 * transaction, so a process stopping right after the commit loses neither (before, both were started
 * after the commit and written in transactions of their own). The item is delivered once the message
 * committed; the recipient's presence is read then (a student with the app open gets neither). A
 * second delivery (a stop in the middle of one) records nothing twice: the mail and the pushes carry
 * keys made from the message's id.
 */
import type { OutboxChannel } from "../../shared/outbox.js";

export const MESSAGE_NOTICE_CHANNEL = "message-notice";

export interface MessageNotice {
  messageId: string;
  senderId: string;
  recipientId: string;
  body: string;
}

/** The outbox channel delivering message notices through each of `senders` (mail, push), in order. */
export function messageNoticeChannel(senders: ReadonlyArray<(m: MessageNotice) => Promise<void>>): OutboxChannel<MessageNotice> {
  return {
    name: MESSAGE_NOTICE_CHANNEL,
    async deliver(m) {
      for (const send of senders) await send(m);
      return { kind: "sent" };
    },
  };
}
