/**
 * A local SMTP server (smtp-server on 127.0.0.1, a free port) that tests steer: it can refuse
 * every recipient (a temporary 4xx, or a 5xx such as relay denied), refuse chosen recipients with a
 * permanent 550 5.1.1, refuse the sender at MAIL FROM (530 authentication required, 554), or hold a
 * message's DATA without answering (a mail "in flight" when the sender dies, or a stalled server).
 * It keeps every mail it accepted (answered 250), with its Message-ID, so a test can count what
 * arrived and how often.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface AcceptedMail {
  messageId: string;
  to: string[];
  raw: string;
}

export interface SmtpStandIn {
  url: string;
  accepted: AcceptedMail[];
  /** Messages whose DATA is being held unanswered. */
  stalled: number;
  /** A code refuses every recipient with it (4xx or 5xx, with `text`: "4.3.2 Try again later" by default); null accepts. */
  refuseWith(code: number | null, text?: string): void;
  /** A code refuses every MAIL FROM with it and `text` (530 "5.7.0 Authentication required"); null accepts. */
  refuseSender(code: number | null, text?: string): void;
  /** Refuses this recipient with a permanent 550. */
  rejectRecipient(address: string): void;
  /** Forgets every refusal, rejection and stall, and what was accepted. */
  reset(): void;
  /** Holds the DATA of the messages after the first `afterAccepted` accepted ones (null: never). */
  stallAfter(afterAccepted: number | null): void;
  /** Holds the DATA of the next `count` messages only; later ones are answered as usual. */
  stallNext(count: number): void;
  /** The Message-ID of every message whose DATA arrived (accepted or held), in order. */
  received: string[];
  /** How many times each Message-ID arrived. */
  counts(): Map<string, number>;
  close(): Promise<void>;
}

export function startSmtpStandIn(): Promise<SmtpStandIn> {
  let refusal: { code: number; text: string } | null = null;
  let senderRefusal: { code: number; text: string } | null = null;
  let stallAfter: number | null = null;
  let stallNext = 0;
  const received: string[] = [];
  const rejected = new Set<string>();
  const accepted: AcceptedMail[] = [];
  const state = { stalled: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    closeTimeout: 100,
    onMailFrom(_address, _session, callback) {
      if (senderRefusal) return callback(Object.assign(new Error(senderRefusal.text), { responseCode: senderRefusal.code }));
      callback();
    },
    onRcptTo(address, _session, callback) {
      if (rejected.has(address.address.toLowerCase())) {
        return callback(Object.assign(new Error("5.1.1 No such user here"), { responseCode: 550 }));
      }
      if (refusal !== null) return callback(Object.assign(new Error(refusal.text), { responseCode: refusal.code }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const messageId = /^message-id:\s*(\S+)/im.exec(raw)?.[1] ?? "";
        received.push(messageId);
        if (stallNext > 0 || (stallAfter !== null && accepted.length >= stallAfter)) {
          if (stallNext > 0) stallNext--;
          state.stalled++; // never answered: the sender cannot know whether it arrived, so it must not count
          return;
        }
        accepted.push({ messageId, to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const port = (server.server.address() as AddressInfo).port;
      resolve({
        url: `smtp://127.0.0.1:${port}`,
        accepted,
        get stalled() {
          return state.stalled;
        },
        received,
        refuseWith: (code, text = "4.3.2 Try again later") => void (refusal = code === null ? null : { code, text }),
        refuseSender: (code, text = "5.7.0 Authentication required") => void (senderRefusal = code === null ? null : { code, text }),
        stallNext: (count) => void (stallNext = count),
        rejectRecipient: (address) => void rejected.add(address.toLowerCase()),
        stallAfter: (n) => void (stallAfter = n),
        reset() {
          refusal = null;
          senderRefusal = null;
          stallAfter = null;
          stallNext = 0;
          rejected.clear();
          accepted.length = 0;
          received.length = 0;
        },
        counts() {
          const counts = new Map<string, number>();
          for (const m of accepted) counts.set(m.messageId, (counts.get(m.messageId) ?? 0) + 1);
          return counts;
        },
        close: () => new Promise<void>((r) => server.close(() => r())),
      });
    });
  });
}
