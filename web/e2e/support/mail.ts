/** The server's mail outbox (DATA_DIR/outbox), read by the browser suites. */
import { type OutboxMail, outboxMails, verifyLinkIn } from "../../../graph/test/outbox.js";
import { dataDir } from "./browser.js";

/**
 * The newest mail to `to` that `pick` accepts, once more than `after` of them exist (mails are
 * delivered by the server's outbox worker after the request's commit, so this waits for them; a
 * loaded machine can take seconds, hence the generous bound).
 */
export async function newestMailTo(to: string, after = 0, pick: (m: OutboxMail) => boolean = () => true): Promise<OutboxMail> {
  for (let i = 0; i < 1200; i++) {
    const mails = outboxMails(dataDir()).filter((m) => m.headers.to?.includes(to) && pick(m));
    if (mails.length > after) return mails.at(-1)!;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail to ${to} in ${dataDir()}/outbox`);
}

/** How many verification mails `to` got so far. */
export const verificationMailCount = (to: string) =>
  outboxMails(dataDir()).filter((m) => m.headers.to?.includes(to) && verifyLinkIn(m)).length;

/** The link of the newest verification mail to `to` (after `after` of them). */
export async function verificationLinkFor(to: string, after = 0): Promise<string> {
  return verifyLinkIn(await newestMailTo(to, after, (m) => verifyLinkIn(m) !== null))!;
}
