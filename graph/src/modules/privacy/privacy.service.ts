import { afterCommit } from "../../db/transaction.js";
import type { Deps } from "../../shared/deps.js";
import { notFound } from "../../shared/errors.js";
import type { AccountsService } from "../accounts/accounts.service.js";
import type { ApiKeysService } from "../accounts/api-keys.service.js";
import type { AuthService } from "../accounts/auth.service.js";
import type { EmailVerificationService } from "../accounts/email-verification.service.js";
import type { PasswordResetService } from "../accounts/password-reset.service.js";
import type { UsersService } from "../accounts/users.service.js";
import type { BlocksService } from "../blocks/blocks.service.js";
import type { ChatService } from "../chat/chat.service.js";
import type { CoinsService } from "../coins/coins.service.js";
import type { ImplementApplicantsService } from "../implements/implement-applicants.service.js";
import type { ImplementPostsService } from "../implements/implement-posts.service.js";
import type { LessonsService } from "../lessons/lessons.service.js";
import type { NotificationMailService } from "../notifications/notification-mail.service.js";
import type { NotificationsService } from "../notifications/notifications.service.js";
import type { PushService } from "../notifications/push.service.js";
import type { ProfilesService } from "../profiles/profiles.service.js";
import type { SavedSearchesService } from "../profiles/saved-searches.service.js";
import type { ReviewsService } from "../reviews/reviews.service.js";
import type { SnakeService } from "../snake/snake.service.js";
import type { ResponseStatsService } from "../profiles/response-stats.service.js";
import type { SwapRequestsService } from "../swaps/swap-requests.service.js";

/** The services export and deletion read from and write through (each module keeps its own tables), handed in by the composition root. */
export interface PrivacyCollaborators {
  accounts: AccountsService;
  auth: AuthService;
  apiKeys: ApiKeysService;
  users: UsersService;
  emailVerification: EmailVerificationService;
  passwordResets: PasswordResetService;
  profiles: ProfilesService;
  chat: ChatService;
  swaps: SwapRequestsService;
  responseStats: ResponseStatsService;
  notifications: NotificationsService;
  notificationMail: NotificationMailService;
  push: PushService;
  coins: CoinsService;
  implementPosts: ImplementPostsService;
  implementApplicants: ImplementApplicantsService;
  snake: SnakeService;
  blocks: BlocksService;
  lessons: LessonsService;
  reviews: ReviewsService;
  savedSearches: SavedSearchesService;
}

export const EXPORT_FORMAT = "skill-exchange-export/1";

/**
 * A student's own data: everything the product holds about them, as one JSON document, and the
 * deletion of their account. Both doors call these with the caller from the token.
 */
export class PrivacyService {
  constructor(
    private readonly deps: Deps,
    private readonly c: PrivacyCollaborators,
  ) {}

  /** Profile, skills, chats with their messages, notifications, requests, ledger, implements, reports, blocks, snake. */
  async exportData(userId: string) {
    const own = await this.c.profiles.profileWithRow(userId);
    if (!own) throw notFound("User not found");
    const [
      presence,
      chats,
      notifications,
      swapRequests,
      ledger,
      posts,
      applications,
      blocksMade,
      snake,
      notificationMail,
      lessons,
      responseStats,
      reviews,
    ] = await Promise.all([
      this.c.chat.presence.exportFor(userId),
      this.c.chat.exportFor(userId),
      this.c.notifications.exportFor(userId),
      this.c.swaps.exportFor(userId),
      this.c.coins.exportFor(userId),
      this.c.implementPosts.exportFor(userId),
      this.c.implementApplicants.exportFor(userId),
      this.c.blocks.madeBy(userId),
      this.c.snake.exportFor(userId),
      this.c.notificationMail.exportFor(userId),
      this.c.lessons.reads.exportFor(userId),
      this.c.responseStats.exportFor(userId),
      this.c.reviews.exportFor(userId),
    ]);
    const push = await this.c.push.exportFor(userId);
    const savedSearches = await this.c.savedSearches.exportFor(userId);
    const apiKeys = await this.c.apiKeys.exportFor(userId);
    const partnerIds = chats.chats.map((c) => (c.requesterId === userId ? c.receiverId : c.requesterId));
    const names = await this.c.users.summaries([...partnerIds, ...notifications.map((n) => n.notifierId)]);
    const nameOf = (id: string) => names.get(id)?.name ?? null;
    const { row, profile } = own;
    return {
      format: EXPORT_FORMAT,
      exportedAt: this.deps.clock.now().toISOString(),
      account: { id: row.id, name: row.name, email: row.email, emailVerifiedAt: row.emailVerifiedAt, createdAt: row.createdAt },
      profile: {
        gender: profile.gender,
        image: profile.image,
        languages: profile.languages,
        skillsKnown: profile.skillsKnown,
        skillsRequired: profile.skillsRequired,
        skillCoinsPerCourse: profile.amount,
        days: row.days,
        rating: profile.rating,
        completedSkills: profile.completedSkills,
      },
      chats: chats.chats.map(({ messages, ...c }) => {
        const partnerId = c.requesterId === userId ? c.receiverId : c.requesterId;
        return {
          id: c.id,
          kind: c.kind,
          status: c.status,
          partner: { id: partnerId, name: nameOf(partnerId) },
          startedByMe: c.requesterId === userId,
          startDate: c.startDate,
          endedAt: c.endedAt,
          meetingLink: c.meetingLink,
          title: c.title,
          coins: c.coins,
          messages: messages.map((m) => ({ seq: m.seq, fromMe: m.senderId === userId, body: m.body, sentAt: m.createdAt })),
        };
      }),
      notifications: notifications.map((n) => ({ ...n, notifierName: nameOf(n.notifierId) })),
      /** Mail settings per kind of notification and the lines waiting for the next daily digest. */
      notificationMail,
      /** Devices with push on (label, push service address, when added and last used) and the push choice per kind. */
      push,
      /** Read-only API keys the student created (name, first characters, when created, last used, revoked; never the secret). */
      apiKeys,
      /** Whether chat partners see the student online. */
      presence,
      /** Searches the student saved, with their filters and whether new matches are announced. */
      savedSearches,
      lessons,
      /** Written reviews: those the student wrote (shown or waiting), those about them that are shown, and their reports of reviews. */
      reviews,
      swapRequests: swapRequests.map(({ openPair: _open, ...r }) => r),
      /** The counters behind the response rate and typical response time on the profile. */
      responseStats: responseStats ? { ...responseStats, userId: undefined } : null,
      ledger: { balance: ledger.balance, entries: ledger.entries, purchaseOrders: ledger.orders },
      implements: { posts, applications },
      reportsMade: chats.reportsMade,
      blocksMade,
      snake: snake ? { highScore: snake.highScore, updatedAt: snake.updatedAt } : null,
    };
  }

  /**
   * Deletes the caller's account after they typed their password again, in one transaction: open
   * requests are cancelled, chats in progress close (coins held for a lesson go back to whoever
   * paid), the remaining coins go to the closed-accounts sink, notifications, implements, blocks,
   * links, written reviews (by and about them, with the answers), saved searches, API keys and the profile are erased, the account row is anonymised ("Deleted student", address
   * and name free again) and every session and socket is revoked. Their messages stay in their
   * partners' chats, from "Deleted student". The ledger stays balanced throughout.
   */
  async deleteAccount(userId: string, password: unknown): Promise<void> {
    await this.c.accounts.confirmPassword(userId, password);
    const result = await this.deps.tx(async (em) => {
      await this.c.swaps.cancelOpenOf(em, userId);
      await this.c.responseStats.eraseAllOf(em, userId);
      const closed = await this.c.chat.closeAllOf(em, userId);
      await this.c.chat.presence.forget(em, userId);
      await this.c.lessons.cancelAllOf(em, userId);
      await this.c.reviews.eraseAllOf(em, userId);
      const sunk = await this.c.coins.closeAccount(userId, em);
      await this.c.notifications.deleteAllOf(em, userId);
      await this.c.notificationMail.deleteAllOf(em, userId);
      await this.c.push.deleteAllOf(em, userId);
      await this.c.apiKeys.deleteAllOf(em, userId);
      await this.c.savedSearches.deleteAllOf(em, userId);
      await this.c.implementApplicants.eraseAllOf(em, userId);
      await this.c.implementPosts.eraseAllOf(em, userId);
      await this.c.blocks.forget(em, userId);
      await this.c.snake.forget(em, userId);
      await this.c.emailVerification.forget(em, userId);
      await this.c.passwordResets.forget(em, userId);
      await this.c.users.anonymise(em, userId, this.deps.clock.now());
      const image = await this.c.profiles.erase(em, userId);
      if (image) afterCommit(em, () => void this.deps.storage.remove(image));
      await this.c.auth.revokeSessions(userId, em);
      return { ...closed, sunkCoins: sunk };
    });
    this.deps.logger.info({ userId, ...result }, "account deleted");
  }
}
