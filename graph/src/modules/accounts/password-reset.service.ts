import type { EntityManager, Repository } from "typeorm";
import type { Deps } from "../../shared/deps.js";
import { HOUR } from "../../shared/clock.js";
import { badInput } from "../../shared/errors.js";
import type { RateLimits } from "../../shared/rate-limit.js";
import { MESSAGES, assertPassword, lookupEmail } from "./account-rules.js";
import { hashPassword } from "./passwords.js";
import { PasswordReset } from "./password-reset.entity.js";
import { SingleUseLinks } from "./single-use-links.js";
import type { AuthService } from "./auth.service.js";
import { User } from "./user.entity.js";

export const RESET_LINK_TTL_MS = HOUR;

/** The outbox channel of reset requests: its worker makes the link and queues the mail. */
export const RESET_REQUEST_CHANNEL = "password-reset";

const invalidLink = () => badInput(MESSAGES.resetInvalid, { field: "token" });

/** "Forgot password" links: asked for by email, checked, used once to set a new password. */
export class PasswordResetService {
  private readonly users: Repository<User>;
  private readonly resets: SingleUseLinks<PasswordReset>;

  constructor(
    private readonly deps: Deps,
    private readonly limits: RateLimits,
    private readonly auth: AuthService,
  ) {
    this.users = deps.dataSource.getRepository(User);
    this.resets = new SingleUseLinks(deps.dataSource, PasswordReset);
    // A request is an outbox row whether or not the address has an account (same work, same time to
    // answer); delivering it issues the link and queues its mail in one transaction. The row id keys
    // the mail, so a request delivered twice (an instance died before marking it) mails once.
    deps.outbox.register<{ email: string }>({
      name: RESET_REQUEST_CHANNEL,
      deliver: async ({ email }, item) => {
        await this.deps.tx((em) => this.sendLink(em, email, item.id));
        return { kind: "sent" };
      },
    });
  }

  /**
   * Always answers the same neutral message, whether or not an account has the email.
   * The request is recorded (an outbox row) and the link made and mailed after answering, so the
   * answer also takes the same time.
   */
  async requestReset(rawEmail: string, ip: string): Promise<string> {
    if (typeof rawEmail !== "string" || !rawEmail.trim()) throw badInput(MESSAGES.forgotEmailRequired, { field: "email" });
    const email = lookupEmail(rawEmail);
    // The points come back when the request cannot be recorded (the database down): our fault, not theirs.
    await this.limits.spend(
      [
        ["forgot_ip", ip],
        ["forgot_email", email ?? "(not an email)"],
      ],
      async () => {
        if (email) await this.deps.tx((em) => this.deps.outbox.enqueue(em, RESET_REQUEST_CHANNEL, { email }));
      },
    );
    return MESSAGES.forgotSent;
  }

  private async sendLink(em: EntityManager, email: string, requestId: string): Promise<void> {
    const user = await em.getRepository(User).findOne({ where: { email }, select: { id: true, name: true, email: true } });
    if (!user) return;
    const token = await this.resets.issue(user.id, this.deps.clock.now(), RESET_LINK_TTL_MS, {}, em);
    const link = `${this.deps.config.publicUrl}/reset-password/${token}`;
    const key = `password-reset:${requestId}`;
    await this.deps.mail.queue(
      em,
      {
        to: { name: user.name, address: user.email },
        subject: "Reset your Skill Exchange password",
        text: [
          `Hello ${user.name},`,
          "",
          "Someone (hopefully you) asked to reset the password of your Skill Exchange account.",
          "Open this link within one hour to choose a new password:",
          "",
          link,
          "",
          "The link works once. If you did not ask for it, ignore this mail: your password stays as it is.",
        ].join("\n"),
      },
      { key },
    );
  }

  /** True when the token is a live link: known, unused and not expired. */
  async isValid(token: string): Promise<boolean> {
    return (await this.resets.findLive(token, this.deps.clock.now())) !== null;
  }

  /**
   * Sets the new password, spends the link (and every other open link of the user) and
   * moves the token version on, so every session token issued before is refused.
   */
  async updatePassword(token: string, password: string): Promise<void> {
    const link = await this.resets.findLive(token, this.deps.clock.now());
    if (!link) throw invalidLink();
    assertPassword(typeof password === "string" ? password : "");
    const passwordHash = await hashPassword(password);
    const now = this.deps.clock.now();
    await this.deps.tx(async (em) => {
      // Conditional: of two requests racing with the same link, only one gets here.
      if (!(await this.resets.consume(em, link, now))) throw invalidLink();
      await em.getRepository(User).update({ id: link.userId }, { passwordHash });
      await this.auth.revokeSessions(link.userId, em);
    });
    this.deps.logger.info({ userId: link.userId }, "password changed with a reset link");
  }

  /** A deleted student's links go. */
  async forget(em: EntityManager, userId: string): Promise<void> {
    await this.resets.forget(em, userId);
  }
}
