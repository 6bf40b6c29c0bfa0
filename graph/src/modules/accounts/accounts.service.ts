import type { Repository } from "typeorm";
import { PASSWORD_MAX, PRIVACY_MESSAGES } from "../../../../common/accounts.js";
import { isUniqueViolation } from "../../db/transaction.js";
import type { Deps } from "../../shared/deps.js";
import { AppError, badInput, conflict, forbidden, notFound } from "../../shared/errors.js";
import { newId } from "../../shared/ids.js";
import type { RateLimits } from "../../shared/rate-limit.js";
import { MESSAGES, assertPassword, charLength, lookupEmail, normaliseCollegeEmail, normaliseName } from "./account-rules.js";
import type { AuthService } from "./auth.service.js";
import type { EmailVerificationService } from "./email-verification.service.js";
import { type StandingService, suspensionMessage } from "./standing.service.js";
import { burnPasswordCheck, hashPassword, needsRehash, prepareDummyHash, verifyPassword } from "./passwords.js";
import { User } from "./user.entity.js";

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
  /** The page the student registered from: the verification link leads back there (an unsafe one is ignored). */
  returnTo?: string | null;
}

export interface LoginInput {
  email: string;
  password: string;
}

/** What a successful register or login hands back. */
export interface Session {
  token: string;
  userId: string;
}

const wrongCredentials = () => new AppError("UNAUTHENTICATED", MESSAGES.wrongCredentials);

/** Register, sign in and sign out. Both doors (GraphQL and REST) call these. */
export class AccountsService {
  private readonly users: Repository<User>;

  constructor(
    private readonly deps: Deps,
    private readonly auth: AuthService,
    private readonly limits: RateLimits,
    private readonly verification: EmailVerificationService,
    private readonly standing: StandingService,
  ) {
    this.users = deps.dataSource.getRepository(User);
    prepareDummyHash();
  }

  async register(input: RegisterInput, ip: string): Promise<Session> {
    return this.limits.spend([["register_ip", ip]], () => this.registerNow(input));
  }

  private async registerNow(input: RegisterInput): Promise<Session> {
    if (!input.name?.trim() || !input.email?.trim() || !input.password) throw badInput(MESSAGES.fieldsRequired);
    const name = normaliseName(input.name);
    const email = normaliseCollegeEmail(input.email, this.deps.config.collegeEmailDomain);
    if (!email) throw badInput(MESSAGES.invalidCollegeEmail, { field: "email" });
    assertPassword(input.password);

    const nameKey = name.toLowerCase();
    await this.verification.releaseStale(email, nameKey);
    // Cheap check first so a taken name costs no hashing; the unique indexes settle races.
    if (await this.users.exists({ where: [{ nameKey }, { email }] })) throw conflict(MESSAGES.nameTaken);
    const user = this.users.create({
      id: newId(),
      name,
      nameKey,
      email,
      passwordHash: await hashPassword(input.password),
      tokenVersion: 0,
      gender: null,
      image: null,
      amount: 0,
      days: 0,
      ratingSum: 0,
      ratingCount: 0,
      ratingAvg: 0,
      createdAt: this.deps.clock.now(),
      // Nobody sees the student until the mailed link proves the address is theirs.
      emailVerifiedAt: null,
      visible: false,
    });
    try {
      // The account and its verification mail (the outbox row) commit together.
      await this.deps.tx(async (em) => {
        await em.getRepository(User).insert(user);
        await this.verification.sendLink(em, user.id, input.returnTo ?? null);
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict(MESSAGES.nameTaken);
      throw e;
    }
    this.deps.logger.info({ userId: user.id }, "account registered");
    return { token: await this.auth.issueToken(user), userId: user.id };
  }

  /**
   * Unknown email and wrong password give the same error after the same amount of
   * hashing work. Every attempt takes a point from the account's and the address's
   * bucket up front (so parallel guesses are counted too); success gives them back.
   */
  async login(input: LoginInput, ip: string): Promise<Session> {
    const email = lookupEmail(input.email ?? "");
    const password = typeof input.password === "string" ? input.password : "";
    // A failure of ours (the database or Redis down) gives the points back: only the answer counts.
    return this.limits.spend(
      [
        ["login_ip", ip],
        ["login_account", email ?? "(not an email)"],
      ],
      () => this.signIn(email, password, ip),
    );
  }

  private async signIn(email: string | null, password: string, ip: string): Promise<Session> {
    const user =
      email && password
        ? await this.users.findOne({
            where: { email },
            select: { id: true, passwordHash: true, tokenVersion: true, suspendedUntil: true, suspensionReason: true },
          })
        : null;
    let ok = false;
    if (user && charLength(password) <= PASSWORD_MAX) ok = await verifyPassword(user.passwordHash, password);
    else await burnPasswordCheck(password.slice(0, 4 * PASSWORD_MAX));
    if (!user || !ok) throw wrongCredentials();

    await Promise.all([this.limits.reset("login_account", email!), this.limits.refund("login_ip", ip)]);
    // Told only to whoever knows the password: suspended now, or back in standing once it ran out.
    if (user.suspendedUntil) {
      if (this.standing.isSuspended(user)) throw forbidden(suspensionMessage(user.suspendedUntil, user.suspensionReason));
      await this.deps.tx((em) => this.standing.lift(em, user.id));
    }
    if (needsRehash(user.passwordHash)) {
      const passwordHash = await hashPassword(password);
      await this.deps.tx((em) => em.getRepository(User).update({ id: user.id }, { passwordHash }));
    }
    return { token: await this.auth.issueToken(user), userId: user.id };
  }

  /**
   * The signed-in student proves it is them again (deleting the account): their password, under
   * the sign-in limit of their address so it cannot be guessed here instead.
   */
  async confirmPassword(userId: string, password: unknown): Promise<void> {
    if (typeof password !== "string" || !password) throw badInput(PRIVACY_MESSAGES.passwordRequired, { field: "password" });
    const user = await this.users.findOne({ where: { id: userId }, select: { id: true, email: true, passwordHash: true } });
    if (!user) throw notFound("User not found");
    await this.limits.consume(["login_account", user.email]);
    const ok = charLength(password) <= PASSWORD_MAX && (await verifyPassword(user.passwordHash, password));
    if (!ok) throw badInput(PRIVACY_MESSAGES.wrongPassword, { field: "password" });
    await this.limits.reset("login_account", user.email);
  }

  /** Revokes every token of the user issued so far (this one included). */
  async logout(userId: string): Promise<void> {
    await this.deps.tx((em) => this.auth.revokeSessions(userId, em));
  }
}
