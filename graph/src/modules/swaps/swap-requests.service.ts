import { type EntityManager, In } from "typeorm";
import { isUniqueViolation } from "../../db/transaction.js";
import type { Deps } from "../../shared/deps.js";
import { type AppError, badInput, conflict, emailNotVerified, notFound } from "../../shared/errors.js";
import { VERIFY_MESSAGES } from "../../../../common/accounts.js";
import { newId } from "../../shared/ids.js";
import type { RateLimits } from "../../shared/rate-limit.js";
import type { UsersService } from "../accounts/users.service.js";
import type { BlocksService } from "../blocks/blocks.service.js";
import type { ChatOpenService } from "../chat/chat-open.service.js";
import type { NotificationsService } from "../notifications/notifications.service.js";
import { OPEN_STATUSES, openPairOf, type SwapKind, SwapRequest, type SwapStatus } from "./swap-request.entity.js";
import { findSkill, parseCoins, pendingMessage, SWAP_MESSAGES as M, type SkillValue } from "./swap.rules.js";

/** The request and its kind, as the REST door's adapters read them through this service. */
export type { SwapKind, SwapRequest };

/** What swaps needs from profiles (ProfilesService satisfies it). */
export interface ProfileSkills {
  skillsOf(userId: string): Promise<{ known: SkillValue[] }>;
  /** NOT_FOUND for an unknown user, DETAILS_NOT_FILLED for an incomplete profile. */
  assertDetailsFilled(userId: string): Promise<void>;
}

export interface RequestForm {
  /** The caller's skills, offered to teach. */
  preachSkills: SkillValue[];
  /** The other student's skills, offered to learn. */
  learnSkills: SkillValue[];
}

export interface SwapStatusView {
  hasChat: boolean;
  /** Whether a new swap or pay request may be sent now. */
  canRequest: boolean;
  /** Why not, in the words the popup shows; null when canRequest. */
  reason: string | null;
  /** The open request between the two, whoever sent it. */
  openRequest: SwapRequest | null;
}

export interface SwapCollaborators {
  profiles: ProfileSkills;
  users: UsersService;
  blocks: BlocksService;
  chatOpen: ChatOpenService;
  notifications: NotificationsService;
  rateLimits: RateLimits;
}

/** Forms, availability and sending swap/pay requests. Answers live in SwapDecisionsService. */
export class SwapRequestsService {
  constructor(
    private readonly deps: Deps,
    private readonly c: SwapCollaborators,
  ) {}

  /** Inside `em`'s transaction: every write (the decisions' too), and the reads of a unit of work. */
  repo(em: EntityManager) {
    return em.getRepository(SwapRequest);
  }

  /** Reads outside a transaction (the expiry's batches, pages, export). */
  reader() {
    return this.deps.dataSource.getRepository(SwapRequest);
  }

  /** The pool's manager: named where a read runs outside any transaction. */
  private get pool(): EntityManager {
    return this.deps.dataSource.manager;
  }

  /** Read on `db`: a transaction's manager, or the pool's (`forParty`). */
  async byId(id: string, db: EntityManager): Promise<SwapRequest | null> {
    if (typeof id !== "string" || id.length === 0 || id.length > 36) return null;
    return this.repo(db).findOne({ where: { id } });
  }

  /** A request the caller is a party to; null for anyone else, as for an unknown id. */
  async forParty(me: string, id: string): Promise<SwapRequest | null> {
    const r = await this.byId(id, this.pool);
    return r && (r.requesterId === me || r.receiverId === me) ? r : null;
  }

  /**
   * Cancels every open request a leaving student (deleted or suspended) sent or received, inside
   * `em`, with their notifications. Open requests hold no coins (a pay request moves coins only
   * when it is paid, which opens the chat), so nothing needs refunding here.
   */
  async cancelOpenOf(em: EntityManager, userId: string): Promise<number> {
    const open = await this.repo(em).find({
      where: [
        { requesterId: userId, status: In([...OPEN_STATUSES]) },
        { receiverId: userId, status: In([...OPEN_STATUSES]) },
      ],
    });
    let cancelled = 0;
    for (const r of open) {
      const res = await this.repo(em).update(
        { id: r.id, status: r.status },
        { status: "cancelled", openPair: null, decidedAt: this.deps.clock.now() },
      );
      if (!res.affected) continue;
      cancelled++;
      await this.c.notifications.removeByRef(r.id, em);
    }
    return cancelled;
  }

  /** Every request the student sent or received, oldest first: for their data export. */
  exportFor(userId: string): Promise<SwapRequest[]> {
    return this.reader().find({ where: [{ requesterId: userId }, { receiverId: userId }], order: { createdAt: "ASC" } });
  }

  async byIds(ids: readonly string[]): Promise<SwapRequest[]> {
    return ids.length ? this.reader().find({ where: { id: In([...new Set(ids)]) } }) : [];
  }

  /** The open (pending or awaiting payment) request of a pair, whoever sent it (outside a transaction). */
  openBetween(a: string, b: string): Promise<SwapRequest | null> {
    return this.openBetweenOn(this.pool, a, b);
  }

  private openBetweenOn(db: EntityManager, a: string, b: string): Promise<SwapRequest | null> {
    return this.repo(db).findOne({ where: { openPair: openPairOf(a, b) } });
  }

  /**
   * The newest request between two students (sent either way), narrowed by `filter` (who sent it,
   * its kind, its status); null when there is none.
   */
  latestBetween(
    a: string,
    b: string,
    filter: { requesterId?: string; kind?: SwapKind; status?: SwapStatus } = {},
  ): Promise<SwapRequest | null> {
    const { requesterId, ...rest } = filter;
    if (requesterId !== undefined && requesterId !== a && requesterId !== b) return Promise.resolve(null);
    const directions = requesterId
      ? [{ requesterId, receiverId: requesterId === a ? b : a }]
      : [
          { requesterId: a, receiverId: b },
          { requesterId: b, receiverId: a },
        ];
    return this.reader().findOne({ where: directions.map((d) => ({ ...d, ...rest })), order: { createdAt: "DESC", id: "DESC" } });
  }

  /** The first rule that forbids a new request between `me` and `other`, or null; read on `em` (a transaction's or the pool's manager). */
  private async refusal(em: EntityManager, me: string, other: string): Promise<AppError | null> {
    if (me === other) return badInput(M.self);
    const [mine, theirs] = await Promise.all([this.c.users.isVisible(me, em), this.c.users.isVisible(other, em)]);
    // A signed-in caller who is not visible has not verified their address (see users.visible).
    if (mine === false) return emailNotVerified();
    if (theirs === null) return notFound(M.userNotFound);
    if (!theirs) return conflict(VERIFY_MESSAGES.unavailable);
    if (await this.c.chatOpen.existsBetween(me, other, em)) return conflict(M.chatExists);
    if (await this.c.blocks.isBlockedEitherIn(em, me, other)) return conflict(M.blocked);
    const open = await this.openBetweenOn(em, me, other);
    if (open) return conflict(pendingMessage(open, me));
    return null;
  }

  async status(me: string, other: string): Promise<SwapStatusView> {
    const [hasChat, refusal, openRequest] = await Promise.all([
      this.c.chatOpen.existsBetween(me, other, this.pool),
      this.refusal(this.pool, me, other),
      this.openBetween(me, other),
    ]);
    return { hasChat, canRequest: refusal === null, reason: refusal?.message ?? null, openRequest };
  }

  /** The popup's options (spec: POST /user/swap/form and /user/payment/form). */
  async form(me: string, other: string): Promise<RequestForm> {
    await this.c.profiles.assertDetailsFilled(me);
    const refusal = await this.refusal(this.pool, me, other);
    if (refusal) throw refusal;
    const [mine, theirs] = await Promise.all([this.c.profiles.skillsOf(me), this.c.profiles.skillsOf(other)]);
    return { preachSkills: mine.known, learnSkills: theirs.known };
  }

  /** I teach `preachSkill` (one of mine) and learn `learnSkill` (one of theirs). */
  async requestSwap(me: string, input: { receiverId: string; preachSkill?: unknown; learnSkill?: unknown }): Promise<SwapRequest> {
    const receiverId = String(input.receiverId ?? "");
    if (!hasSkill(input.preachSkill) || !hasSkill(input.learnSkill)) throw badInput(M.selectSkills);
    await this.c.profiles.assertDetailsFilled(me);
    return this.availableAndCounted(me, receiverId, async () => {
      const [mine, theirs] = await Promise.all([this.c.profiles.skillsOf(me), this.c.profiles.skillsOf(receiverId)]);
      const preach = findSkill(mine.known, input.preachSkill);
      if (!preach) throw badInput(M.teachSkill);
      const learn = findSkill(theirs.known, input.learnSkill);
      if (!learn) throw badInput(M.learnSkill);
      return this.create(me, receiverId, "swap", learn, preach, null);
    });
  }

  /** I pay `coins` to learn `learnSkill` (one of theirs). */
  async requestPay(me: string, input: { receiverId: string; learnSkill?: unknown; coins?: unknown }): Promise<SwapRequest> {
    const receiverId = String(input.receiverId ?? "");
    if (!hasSkill(input.learnSkill)) throw badInput(M.selectSkills);
    if (input.coins === undefined || input.coins === null || input.coins === "" || Number(input.coins) === 0)
      throw badInput("Enter skill coins");
    const coins = parseCoins(input.coins);
    await this.c.profiles.assertDetailsFilled(me);
    return this.availableAndCounted(me, receiverId, async () => {
      const theirs = await this.c.profiles.skillsOf(receiverId);
      const learn = findSkill(theirs.known, input.learnSkill);
      if (!learn) throw badInput(M.learnSkill);
      return this.create(me, receiverId, "pay", learn, null, coins);
    });
  }

  /**
   * Each request notifies another student: a sender's requests are rate-limited (counted once the pair may have one).
   * A request our side fails to make (the database down) gives its point back.
   */
  private async availableAndCounted<T>(me: string, other: string, make: () => Promise<T>): Promise<T> {
    await this.assertAvailable(this.pool, me, other);
    return this.c.rateLimits.spend([["swap_request", me]], make);
  }

  private async assertAvailable(em: EntityManager, me: string, other: string): Promise<void> {
    const refusal = await this.refusal(em, me, other);
    if (refusal) throw refusal;
  }

  private async create(me: string, receiverId: string, kind: SwapKind, learn: SkillValue, preach: SkillValue | null, coins: number | null) {
    const [requester] = (await this.c.users.summaries([me])).values();
    const name = requester?.name ?? "A student";
    try {
      return await this.deps.tx(async (em) => {
        // Checked again inside the transaction: a chat or block may have appeared meanwhile.
        await this.assertAvailable(em, me, receiverId);
        const row = this.repo(em).create({
          id: newId(),
          requesterId: me,
          receiverId,
          kind,
          status: "pending",
          openPair: openPairOf(me, receiverId),
          preachSkill: preach?.skill ?? null,
          preachCategory: preach?.category ?? null,
          learnSkill: learn.skill,
          learnCategory: learn.category,
          coins,
          rejectedById: null,
          chatId: null,
          escrowRef: null,
          createdAt: this.deps.clock.now(),
          decidedAt: null,
          paidAt: null,
        });
        await this.repo(em).insert(row);
        await this.c.notifications.notify(
          {
            recipientId: receiverId,
            notifierId: me,
            type: kind === "swap" ? "swap-request" : "pay-request",
            message:
              kind === "swap"
                ? `${name} wants to learn ${learn.skill} from you and teach you ${preach!.skill}`
                : `${name} wants to learn ${learn.skill} from you for ${coins} skill coins`,
            preachSkill: preach,
            learnSkill: learn,
            skillCoins: coins,
            refId: row.id,
          },
          em,
        );
        return row;
      });
    } catch (e) {
      // Both students asked at the same instant: the unique open-pair index let one through.
      if (isUniqueViolation(e)) {
        const open = await this.openBetween(me, receiverId);
        throw conflict(open ? pendingMessage(open, me) : M.alreadyPending);
      }
      throw e;
    }
  }

  isOpen(r: SwapRequest): boolean {
    return OPEN_STATUSES.includes(r.status);
  }
}

function hasSkill(v: unknown): boolean {
  const s = (v ?? {}) as { skill?: unknown; category?: unknown };
  return typeof s.skill === "string" && s.skill.trim() !== "" && typeof s.category === "string" && s.category.trim() !== "";
}
