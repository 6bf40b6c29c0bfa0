import type { Deps } from "../../shared/deps.js";
import { badInput } from "../../shared/errors.js";
import { newId } from "../../shared/ids.js";
import type { RateLimits } from "../../shared/rate-limit.js";
import { MESSAGES, charLength, isPlausibleEmail } from "./account-rules.js";
import { ContactMessage } from "./contact-message.entity.js";

export interface ContactInput {
  name: string;
  email: string;
  message: string;
}

const NAME_MAX = 100;
const MESSAGE_MAX = 5000;

/** The public contact form: kept in contact_messages and mailed to the team (CONTACT_TO). */
export class ContactService {
  constructor(
    private readonly deps: Deps,
    private readonly limits: RateLimits,
  ) {}

  /** Returns the legacy success text. The row and its queued mail are stored before answering; the mail follows. */
  async send(input: ContactInput, ip: string): Promise<string> {
    const name = (input.name ?? "").trim().replace(/\s+/g, " ");
    const email = (input.email ?? "").trim();
    const message = (input.message ?? "").trim();
    if (!name || !email || !message) throw badInput(MESSAGES.contactRequired);
    if (!isPlausibleEmail(email)) throw badInput(MESSAGES.contactEmail, { field: "email" });
    if (charLength(name) > NAME_MAX || charLength(message) > MESSAGE_MAX) throw badInput(MESSAGES.contactTooLong);
    const row: ContactMessage = { id: newId(), name, email, message, ip: ip.slice(0, 64), createdAt: this.deps.clock.now() };
    // The row and its mail to the team (an outbox row, sent after the commit) are stored together; the
    // point comes back when they cannot be (the database down).
    await this.limits.spend([["contact_ip", ip]], () =>
      this.deps.tx(async (em) => {
        await em.getRepository(ContactMessage).insert(row);
        await this.deps.mail.queue(em, {
          to: this.deps.config.contactTo,
          replyTo: { name, address: email },
          subject: `Contact form: ${name}`,
          text: `${message}\n\n-- \n${name} <${email}>\nSent through the Skill Exchange contact form (message ${row.id}).`,
        });
      }),
    );
    return MESSAGES.contactSent;
  }
}
