import { type EntityManager, IsNull, LessThan, type Repository } from "typeorm";
import { VERIFICATION_HOURS, VERIFY_MESSAGES } from "../../../../common/accounts.js";
import { safeReturnPath } from "../../../../common/return-path.js";
import type { Deps } from "../../shared/deps.js";
import { HOUR } from "../../shared/clock.js";
import type { MailMessage } from "../../shared/mail.js";
import { badInput, notFound } from "../../shared/errors.js";
import type { RateLimits } from "../../shared/rate-limit.js";
import type { AuthService } from "./auth.service.js";
import { EmailVerification } from "./email-verification.entity.js";
import { SingleUseLinks } from "./single-use-links.js";
import type { StandingService } from "./standing.service.js";
import { User } from "./user.entity.js";

/** A link works this long; an unverified account holds its address and name as long after sign-up. */
export const VERIFICATION_WINDOW_MS = VERIFICATION_HOURS * HOUR;

const invalidLink = () => badInput(VERIFY_MESSAGES.linkInvalid, { field: "token" });

/**
 * Proves that a student owns the college address they signed up with. Registration mails a
 * single-use link (only its hash is stored, see single-use-links.ts) (after answering); opening it sets `emailVerifiedAt` and makes the student
 * visible (feed, search, leaderboard) in one transaction. Until then the gate in
 * `UsersService.assertVerified` refuses every write that reaches other students.
 *
 * An address (or name) held by an account that did not verify within the window does not block
 * its real owner: registering it releases the stale account (`releaseStale`).
 */
export class EmailVerificationService {
  private readonly users: Repository<User>;
  private readonly links: SingleUseLinks<EmailVerification>;

  constructor(
    private readonly deps: Deps,
    private readonly limits: RateLimits,
    private readonly auth: AuthService,
    private readonly standing: Pick<StandingService, "refresh">,
  ) {
    this.users = deps.dataSource.getRepository(User);
    this.links = new SingleUseLinks(deps.dataSource, EmailVerification);
  }

  /**
   * Issues a fresh link and queues its mail inside `em` (registration's transaction, a resend's):
   * the mail goes out exactly when the link was stored (the outbox worker sends it after the commit).
   *
   * `returnTo` is the page the student registered from: a safe same-site path goes into the link
   * (`/verify-email/{token}?returnTo=/path`) and is kept with it; anything else is ignored, since
   * it comes from an address anyone can craft and must not cost the student their sign-up.
   */
  async sendLink(em: EntityManager, userId: string, returnTo: unknown): Promise<void> {
    const user = await em
      .getRepository(User)
      .findOne({ where: { id: userId }, select: { id: true, name: true, email: true, emailVerifiedAt: true } });
    if (!user || user.emailVerifiedAt) return;
    const page = safeReturnPath(returnTo);
    const token = await this.links.issue(user.id, this.deps.clock.now(), VERIFICATION_WINDOW_MS, { email: user.email, returnTo: page }, em);
    const link = `${this.deps.config.publicUrl}/verify-email/${token}` + (page ? `?returnTo=${encodeURIComponent(page)}` : "");
    await this.deps.mail.queue(em, this.linkMail(user, link));
  }

  /** The page of the student's newest link, which a resent mail keeps (sendLink checks it again). */
  private async lastReturnTo(em: EntityManager, userId: string): Promise<string | null> {
    const last = await em.getRepository(EmailVerification).findOne({
      where: { userId },
      order: { createdAt: "DESC", id: "DESC" },
      select: { id: true, returnTo: true },
    });
    return last?.returnTo ?? null;
  }

  /** "Resend the mail": rate-limited per student; refused once the address is verified. The new link leads to the same page. */
  async resend(userId: string): Promise<string> {
    const user = await this.users.findOne({ where: { id: userId }, select: { id: true, emailVerifiedAt: true } });
    if (!user) throw notFound("User not found");
    if (user.emailVerifiedAt) throw badInput(VERIFY_MESSAGES.alreadyVerified);
    await this.limits.spend([["verify_resend", userId]], () =>
      this.deps.tx(async (em) => this.sendLink(em, userId, await this.lastReturnTo(em, userId))),
    );
    return VERIFY_MESSAGES.resent;
  }

  /** Whether the student's address is verified (null for an unknown id). */
  async isVerified(userId: string): Promise<boolean | null> {
    const user = await this.users.findOne({ where: { id: userId }, select: { id: true, emailVerifiedAt: true } });
    return user ? user.emailVerifiedAt !== null : null;
  }

  /**
   * Spends the link and verifies its address. Opening a link again after it worked answers the
   * same (a browser may load the page twice); any other used, expired or unknown link is refused
   * and changes nothing.
   */
  async verify(token: string): Promise<void> {
    const link = await this.links.find(token);
    if (!link) throw invalidLink();
    const now = this.deps.clock.now();
    const owner = await this.users.findOne({ where: { id: link.userId }, select: { id: true, email: true, emailVerifiedAt: true } });
    // A link proves only the address it was mailed to (a released account no longer has it).
    if (!owner || owner.email !== link.email) throw invalidLink();
    if (link.usedAt) {
      if (owner.emailVerifiedAt) return;
      throw invalidLink();
    }
    if (link.expiresAt.getTime() <= now.getTime()) throw invalidLink();
    await this.deps.tx(async (em) => {
      if (!(await this.links.consume(em, link, now))) throw invalidLink();
      await this.markVerified(em, link.userId, now);
    });
    this.deps.logger.info({ userId: link.userId }, "college mail verified");
  }

  /**
   * Verifies a student's address inside `em` (the link above; the demo seed). Idempotent: an
   * already verified student is left as they are.
   */
  async markVerified(em: EntityManager, userId: string, at: Date): Promise<void> {
    const res = await em.getRepository(User).update({ id: userId, emailVerifiedAt: IsNull() }, { emailVerifiedAt: at });
    if (!res.affected) return;
    await this.standing.refresh(em, userId);
  }

  /**
   * Frees `email` and `nameKey` from accounts that never verified within the window: each keeps
   * its rows (nobody could see it or deal with it) but loses the address and name and every
   * session, so a new sign-up can take them. Runs before registration's uniqueness check.
   */
  async releaseStale(email: string, nameKey: string): Promise<void> {
    const cutoff = new Date(this.deps.clock.now().getTime() - VERIFICATION_WINDOW_MS);
    const stale = await this.users.find({
      where: [
        { email, emailVerifiedAt: IsNull(), createdAt: LessThan(cutoff) },
        { nameKey, emailVerifiedAt: IsNull(), createdAt: LessThan(cutoff) },
      ],
      select: { id: true },
    });
    if (stale.length === 0) return;
    const now = this.deps.clock.now();
    await this.deps.tx(async (em) => {
      for (const { id } of stale) {
        // Conditional: an account verified meanwhile keeps everything.
        const res = await em
          .getRepository(User)
          .update({ id, emailVerifiedAt: IsNull() }, { email: `released.${id}@invalid`, nameKey: `released.${id}` });
        if (!res.affected) continue;
        await this.auth.revokeSessions(id, em);
      }
      await this.links.spendOpen(
        em,
        stale.map((s) => s.id),
        now,
      );
    });
    this.deps.logger.info({ released: stale.map((s) => s.id) }, "unverified accounts released their address");
  }

  /** A deleted student's links go. */
  async forget(em: EntityManager, userId: string): Promise<void> {
    await this.links.forget(em, userId);
  }

  private linkMail(user: Pick<User, "name" | "email">, link: string): MailMessage {
    return {
      to: { name: user.name, address: user.email },
      subject: "Verify your Skill Exchange college mail",
      text: [
        `Hello ${user.name},`,
        "",
        "Welcome to Skill Exchange. Open this link to confirm that this college address is yours:",
        "",
        link,
        "",
        `The link verifies this address if you open it within ${VERIFICATION_HOURS} hours. Opening it again later only confirms that the address is verified.`,
        "Until you open it, other students cannot find you, and you cannot send swap or pay requests, join or post implements, or chat.",
        "",
        "If you did not sign up, ignore this mail: the account is released after " + `${VERIFICATION_HOURS} hours.`,
      ].join("\n"),
    };
  }
}
