import { createTx } from "./db/transaction.js";
import { txLimits } from "./db/data-source.js";
import { AccountsService } from "./modules/accounts/accounts.service.js";
import { ApiKeysService } from "./modules/accounts/api-keys.service.js";
import { AuthService } from "./modules/accounts/auth.service.js";
import { ContactService } from "./modules/accounts/contact.service.js";
import { PasswordResetService } from "./modules/accounts/password-reset.service.js";
import { EmailVerificationService } from "./modules/accounts/email-verification.service.js";
import { StandingService } from "./modules/accounts/standing.service.js";
import { BlocksService } from "./modules/blocks/blocks.service.js";
import { ChatOpenService } from "./modules/chat/chat-open.service.js";
import { ChatService } from "./modules/chat/chat.service.js";
import { ImplementApplicantsService } from "./modules/implements/implement-applicants.service.js";
import { ImplementPostsService } from "./modules/implements/implement-posts.service.js";
import { CoinsService } from "./modules/coins/coins.service.js";
import { createPaymentGateway } from "./modules/coins/payment-gateway.js";
import type { PaymentGateway } from "./shared/payments.js";
import { UsersService } from "./modules/accounts/users.service.js";
import { NotificationsService } from "./modules/notifications/notifications.service.js";
import { NotificationMailService } from "./modules/notifications/notification-mail.service.js";
import { PushService } from "./modules/notifications/push.service.js";
import { FeedService } from "./modules/profiles/feed.service.js";
import { SearchService } from "./modules/profiles/search.service.js";
import { ProfilesService } from "./modules/profiles/profiles.service.js";
import { SavedSearchesService } from "./modules/profiles/saved-searches.service.js";
import { User } from "./modules/accounts/user.entity.js";
import { SnakeService } from "./modules/snake/snake.service.js";
import { SwapDecisionsService } from "./modules/swaps/swap-decisions.service.js";
import { SwapRequestsService } from "./modules/swaps/swap-requests.service.js";
import { ResponseStatsService } from "./modules/profiles/response-stats.service.js";
import { SwapExpiryService } from "./modules/swaps/swap-expiry.service.js";
import { PrivacyService } from "./modules/privacy/privacy.service.js";
import { ModerationService } from "./modules/moderation/moderation.service.js";
import { OperatorsService } from "./modules/moderation/operators.service.js";
import { JobRunner } from "./modules/jobs/job-runner.js";
import { LessonsService } from "./modules/lessons/lessons.service.js";
import { ReviewsService } from "./modules/reviews/reviews.service.js";
import { ReadinessService } from "./modules/system/readiness.js";
import { createMailer, mailChannel, type Mailer, MailQueue } from "./shared/mail.js";
import { Changes } from "./shared/changes.js";
import { Port } from "./shared/port.js";
import type { Presence } from "./modules/profiles/presence-port.js";
import type { ChatLifecycleService } from "./modules/chat/chat-lifecycle.service.js";
import type { LessonReadsService } from "./modules/lessons/lesson-reads.service.js";
import { Outbox } from "./shared/outbox.js";
import { createRateLimits, type RateLimits } from "./shared/rate-limit.js";
import { createStorage, type Storage } from "./shared/storage.js";
import { TokenService } from "./shared/tokens.js";
import type { Deps } from "./shared/deps.js";
import type { KitServices } from "./kit/context.js";
import type { DoorServices } from "./server/door-services.js";

export interface Services {
  deps: Deps;
  auth: AuthService;
  accounts: AccountsService;
  passwordResets: PasswordResetService;
  /** College-mail links: send, resend, verify; the release of stale unverified accounts. */
  emailVerification: EmailVerificationService;
  /** A student's standing (verified, suspended, deleted) and the `visible` flag derived from it. */
  standing: StandingService;
  contact: ContactService;
  /** Read-only API keys for integrators: create, list, revoke, and the check of every request made with one. */
  apiKeys: ApiKeysService;
  /** Shared by every limit in every service; memory or Redis. */
  rateLimits: RateLimits;
  /** The durable outbox (mail, and any channel registered on it): `drain()` delivers what is due (tests, tools). */
  outbox: Outbox;
  /** `/readyz`: not draining, database and (configured) Redis reachable. */
  readiness: ReadinessService;
  blocks: BlocksService;
  snake: SnakeService;
  users: UsersService;
  notifications: NotificationsService;
  /** Notification mails: per-kind settings (off/instant/digest), instant mails, the daily digest job, unsubscribe links. */
  notificationMail: NotificationMailService;
  /** Web Push: devices, per-kind push choices, and a push beside every mail (delivered through the outbox's "push" channel). */
  push: PushService;
  /** Profiles: edit, public profile, skills, details-filled check, completed skills. */
  profiles: ProfilesService;
  /** Dashboard feed. */
  feed: FeedService;
  /** Finding students by name, known skill or language. */
  search: SearchService;
  /** Saved searches and their alerts for new matches. */
  savedSearches: SavedSearchesService;
  chatOpen: ChatOpenService;
  /** Chat: list, read, meeting link; `messages` (send, pages); `lifecycle` (rate, finish, report). */
  chat: ChatService;
  /** Skill coins: the ledger (balanceOf, creditPurchase, reward, hold, release, refund), purchases, leaderboard. */
  coins: CoinsService;
  /** Swap and pay requests: forms, availability, sending. */
  swaps: SwapRequestsService;
  /** Answers to requests: accept, reject, pay (coins into escrow, chat opens). */
  swapDecisions: SwapDecisionsService;
  /** Response rate and typical response time per student (kept by answers and expiries). */
  responseStats: ResponseStatsService;
  /** Ends requests left unanswered for REQUEST_EXPIRY_DAYS (a scheduled job). */
  swapExpiry: SwapExpiryService;
  /** Implements: posts (create, list, details, visibility). */
  implementPosts: ImplementPostsService;
  /** Implements: join and the owner's decisions (accept notifies and opens the chat). */
  implementApplicants: ImplementApplicantsService;
  /** A student's own data: JSON export and account deletion. */
  privacy: PrivacyService;
  /** Scheduled jobs, each run once per period across instances (`runDue`; a timer in production). */
  jobs: JobRunner;
  /** Operators only: the report queue, counts, audit log and actions (warn, suspend, hide a post). */
  moderation: ModerationService;
  /** Lessons planned in a chat: proposals, accepted slots with calendar invitations, reminders. */
  lessons: LessonsService;
  /** Written reviews after a finished chat: double-blind, answered and reported by their subject (`reports`, also the operators' queue). */
  reviews: ReviewsService;
}

/** Every service a module reaches through its context (kit/context.ts, filled by each module's kit.ts) is here. */
const _servicesFillTheKit = (services: Services): KitServices => services;
void _servicesFillTheKit;
/** The doors (graph/src/server/) take DoorServices, never Services: the app's services are those. */
const _servicesFillTheDoors = (services: Services): DoorServices => services;
void _servicesFillTheDoors;

/** The composition root: builds each service once, wiring the ones it calls. */
export function createServices(
  input: Omit<Deps, "tx" | "mailer" | "payments" | "storage" | "outbox" | "mail" | "changes"> & {
    mailer?: Mailer;
    payments?: PaymentGateway;
    storage?: Storage;
  },
): Services {
  const tx = createTx(input.dataSource, txLimits(input.config.database, input.config.env), input.metrics?.tx);
  const mailer = input.mailer ?? createMailer(input.config, input.logger);
  // Every mail goes through the durable outbox; other channels (push) register on `services.outbox`.
  const outbox = new Outbox({ tx, dataSource: input.dataSource, clock: input.clock, logger: input.logger, settings: input.config.outbox });
  outbox.register(mailChannel(mailer, new URL(input.config.publicUrl).hostname));
  const deps: Deps = {
    ...input,
    changes: new Changes(),
    tx,
    mailer,
    outbox,
    mail: new MailQueue(outbox),
    payments: input.payments ?? createPaymentGateway(input.config),
    storage: input.storage ?? createStorage(input.config),
  };
  const ds = deps.dataSource;
  // The modules are built in their declared order (MODULE_ORDER), each from modules built before it.
  // A module never calls up: a change a higher module keeps something for is told through
  // `deps.changes` (the higher one listens when built), and what a module reads from a higher one
  // comes through a Port it is given here and that is filled once the owner is built.
  const presence = new Port<Presence>("online now (chat presence) for the feed and search");
  const detailsCheck = new Port<Pick<ProfilesService, "assertDetailsFilled">>("the details-filled check (profiles) for notifications");
  const savedSearchAlerts = new Port<Pick<SavedSearchesService, "alertsOff" | "alertsOn">>(
    "saved searches' alerts (profiles) for unsubscribe links",
  );
  const ratings = new Port<Pick<ChatLifecycleService, "ratingsReceivedBetween">>("ratings received (chat) for the leaderboard");
  const lessonsHeld = new Port<Pick<LessonReadsService, "heldBetween">>("lessons held (lessons) for the leaderboard");

  // accounts, blocks, snake, jobs
  const auth = new AuthService(ds.getRepository(User), new TokenService(deps.config.jwtSecret, deps.clock), deps.pubsub);
  const rateLimits = createRateLimits(deps.config);
  const blocks = new BlocksService(deps);
  const jobs = new JobRunner(deps);
  const standing = new StandingService(deps);
  const emailVerification = new EmailVerificationService(deps, rateLimits, auth, standing);
  const accounts = new AccountsService(deps, auth, rateLimits, emailVerification, standing);
  const passwordResets = new PasswordResetService(deps, rateLimits, auth);
  const contact = new ContactService(deps, rateLimits);
  const apiKeys = new ApiKeysService(deps);
  const snake = new SnakeService(deps);
  const users = new UsersService(ds.getRepository(User), deps.changes);
  // The web app keeps one realtime socket per signed-in tab; each listens for its student's session end.
  const isOnline = (userId: string) => deps.pubsub.hasListeners("SESSION_REVOKED", userId);

  // notifications
  const notificationMail = new NotificationMailService(deps, { users, isOnline, savedSearches: savedSearchAlerts });
  notificationMail.schedule(jobs);
  const push = new PushService(deps, { users, isOnline });
  const notifications = new NotificationsService(deps, users, detailsCheck, isOnline, notificationMail, push);
  // A chat message's mail and push, recorded with the message (message-notice.ts).
  outbox.register(notifications.messageNoticeChannel());

  // profiles (response stats order the feed; they are kept by the swaps module's answers)
  const responseStats = new ResponseStatsService(deps);
  const profiles = new ProfilesService(deps, rateLimits, responseStats);
  detailsCheck.fill(profiles);
  const feed = new FeedService(deps, profiles, presence);
  const search = new SearchService(deps, profiles, presence);
  const savedSearches = new SavedSearchesService(deps, { notifications, users });
  savedSearchAlerts.fill(savedSearches);
  savedSearches.schedule(jobs);

  // coins (the ledger, purchases, the leaderboard: it listens for ranking changes)
  const coins = new CoinsService(deps, users, deps.payments, rateLimits, {
    teachersOf: (category) => profiles.teachersOf(category),
    categoriesTaughtBy: (ids) => profiles.categoriesTaughtBy(ids),
    ratingsReceived: (from, to, ids) => ratings.get().ratingsReceivedBetween(from, to, ids),
    lessonsHeld: (from, to, now, ids) => lessonsHeld.get().heldBetween(from, to, now, ids),
  });

  // chat
  const chat = new ChatService(deps, { users, blocks, notifications, rateLimits, ledger: coins, profiles });
  presence.fill(chat.presence);
  ratings.fill(chat.lifecycle);
  // A new chat appears live in both students' open chat lists.
  const chatOpen = new ChatOpenService(deps, (opened) => void chat.listEvents.chatChanged(opened));

  // lessons, reviews
  const lessons = new LessonsService(deps, { chats: chat, users, push });
  lessonsHeld.fill(lessons.reads);
  lessons.schedule(jobs);
  const reviews = new ReviewsService(deps, { chats: chat, blocks });

  // swaps, implements, privacy, moderation
  const swapDeps = { profiles, users, blocks, chatOpen, notifications, rateLimits };
  const swaps = new SwapRequestsService(deps, swapDeps);
  const swapDecisions = new SwapDecisionsService(deps, swaps, { ...swapDeps, coins, responseStats });
  const swapExpiry = new SwapExpiryService(deps, swaps, { notifications, users, responseStats });
  swapExpiry.schedule(jobs);
  // Every port has its owner by now: an unfilled one is a wiring fault, found at start-up.
  for (const port of [presence, detailsCheck, savedSearchAlerts, ratings, lessonsHeld]) if (!port.filled) port.get();
  const implementPosts = new ImplementPostsService(deps, blocks, rateLimits, users);
  const implementApplicants = new ImplementApplicantsService(deps, implementPosts, { users, notifications, chatOpen, blocks, rateLimits });
  const privacy = new PrivacyService(deps, {
    accounts,
    auth,
    apiKeys,
    users,
    emailVerification,
    passwordResets,
    profiles,
    chat,
    swaps,
    responseStats,
    notifications,
    notificationMail,
    push,
    coins,
    implementPosts,
    implementApplicants,
    snake,
    blocks,
    lessons,
    reviews,
    savedSearches,
  });
  const moderation = new ModerationService(deps, new OperatorsService(ds, deps.config), {
    users,
    standing,
    auth,
    chat,
    coins,
    swaps,
    notifications,
    implementPosts,
    reviews,
  });
  return {
    push,
    lessons,
    reviews,
    jobs,
    notificationMail,
    moderation,
    standing,
    privacy,
    emailVerification,
    implementPosts,
    implementApplicants,
    deps,
    auth,
    accounts,
    passwordResets,
    contact,
    apiKeys,
    rateLimits,
    outbox,
    readiness: new ReadinessService(deps),
    blocks,
    snake,
    users,
    notifications,
    profiles,
    feed,
    search,
    savedSearches,
    chatOpen,
    chat,
    coins,
    swaps,
    swapDecisions,
    responseStats,
    swapExpiry,
  };
}
