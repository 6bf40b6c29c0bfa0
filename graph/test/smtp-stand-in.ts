/**
 * A local SMTP server (smtp-server on 127.0.0.1, a free port) that tests steer: it can refuse
 * every recipient with a temporary 4xx, refuse chosen recipients with a permanent 5xx, or hold a
 * message's DATA without answering (a mail "in flight" when the sender dies). It keeps every mail
 * it accepted (answered 250), with its Message-ID, so a test can count what arrived and how often.
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
  /** A 4xx code refuses every recipient with it; null accepts. */
  refuseWith(code: number | null): void;
  /** Refuses this recipient with a permanent 550. */
  rejectRecipient(address: string): void;
  /** Holds the DATA of the messages after the first `afterAccepted` accepted ones (null: never). */
  stallAfter(afterAccepted: number | null): void;
  /** How many times each Message-ID arrived. */
  counts(): Map<string, number>;
  close(): Promise<void>;
}

export function startSmtpStandIn(): Promise<SmtpStandIn> {
  let refusal: number | null = null;
  let stallAfter: number | null = null;
  const rejected = new Set<string>();
  const accepted: AcceptedMail[] = [];
  const state = { stalled: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    closeTimeout: 100,
    onRcptTo(address, _session, callback) {
      if (rejected.has(address.address.toLowerCase())) {
        return callback(Object.assign(new Error("5.1.1 No such user here"), { responseCode: 550 }));
      }
      if (refusal !== null) return callback(Object.assign(new Error("4.3.2 Try again later"), { responseCode: refusal }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (stallAfter !== null && accepted.length >= stallAfter) {
          state.stalled++; // never answered: the sender cannot know whether it arrived, so it must not count
          return;
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        const messageId = /^message-id:\s*(\S+)/im.exec(raw)?.[1] ?? "";
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
        refuseWith: (code) => void (refusal = code),
        rejectRecipient: (address) => void rejected.add(address.toLowerCase()),
        stallAfter: (n) => void (stallAfter = n),
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
