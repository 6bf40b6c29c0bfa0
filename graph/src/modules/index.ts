// Every decorated class (entities, GraphQL types, resolvers) is loaded from here: the metadata polyfill first.
import "reflect-metadata";
import type { RestRoutes } from "../kit/rest-routes.js";
import type { KitServices } from "../kit/context.js";
import { AccountsResolver } from "./accounts/accounts.resolver.js";
import { accountsRest } from "./accounts/accounts.rest.js";
import { ApiKey } from "./accounts/api-key.entity.js";
import { ApiKeysResolver } from "./accounts/api-keys.resolver.js";
import { ContactMessage } from "./accounts/contact-message.entity.js";
import { ContactResolver } from "./accounts/contact.resolver.js";
import { PasswordReset } from "./accounts/password-reset.entity.js";
import { EmailVerification } from "./accounts/email-verification.entity.js";
import { PasswordResetResolver } from "./accounts/password-reset.resolver.js";
import { User } from "./accounts/user.entity.js";
import { Block } from "./blocks/block.entity.js";
import { Chat } from "./chat/chat.entity.js";
import { ChatReport } from "./chat/chat-report.entity.js";
import { PresenceSetting } from "./chat/presence-setting.entity.js";
import { ChatListResolver, ChatResolver } from "./chat/chat.resolver.js";
import { ChatPresenceResolver } from "./chat/chat-presence.resolver.js";
import { chatPresenceRest } from "./chat/chat-presence.rest.js";
import { chatRest } from "./chat/chat.rest.js";
import { ChatMessage } from "./chat/message.entity.js";
import { coinsRest } from "./coins/coins.rest.js";
import { oembedRest } from "./coins/oembed.rest.js";
import { LeaderboardResolver } from "./coins/leaderboard.resolver.js";
import { CoinAccount, CoinEntry, CoinTransfer } from "./coins/ledger.entity.js";
import { LedgerResolver } from "./coins/ledger.resolver.js";
import { CoinOrder, CoinWebhookEvent } from "./coins/purchase.entity.js";
import { PurchasesResolver } from "./coins/purchases.resolver.js";
import { CoinReward } from "./coins/reward.entity.js";
import { RewardsResolver } from "./coins/rewards.resolver.js";
import { ImplementApplicant } from "./implements/implement-applicant.entity.js";
import { ImplementApplicantsResolver } from "./implements/implement-applicants.resolver.js";
import { ImplementPost } from "./implements/implement-post.entity.js";
import { ImplementPostsResolver } from "./implements/implement-posts.resolver.js";
import { implementsRest } from "./implements/implements.rest.js";
import { JobRun } from "./jobs/job-run.entity.js";
import { Lesson, LessonSlot } from "./lessons/lesson.entity.js";
import { ChatLessonsFieldResolver, LessonsResolver } from "./lessons/lessons.resolver.js";
import { lessonsRest } from "./lessons/lessons.rest.js";
import { Notification } from "./notifications/notification.entity.js";
import { NotificationsResolver } from "./notifications/notifications.resolver.js";
import { notificationsRest } from "./notifications/notifications.rest.js";
import { NotificationDigestItem } from "./notifications/digest-item.entity.js";
import { NotificationMailSetting } from "./notifications/mail-setting.entity.js";
import { NotificationSettingsResolver } from "./notifications/notification-settings.resolver.js";
import { notificationSettingsRest } from "./notifications/notification-settings.rest.js";
import { NotificationPushSetting } from "./notifications/push-setting.entity.js";
import { PushSubscription } from "./notifications/push-subscription.entity.js";
import { PushResolver } from "./notifications/push.resolver.js";
import { pushRest } from "./notifications/push.rest.js";
import { CompletedSkill } from "./profiles/completed-skill.entity.js";
import { dashboardRest } from "./profiles/dashboard.rest.js";
import { FeedSnapshot } from "./profiles/feed-snapshot.entity.js";
import { FeedResolver } from "./profiles/feed.resolver.js";
import { SavedSearchesResolver } from "./profiles/saved-searches.resolver.js";
import { savedSearchesRest } from "./profiles/saved-searches.rest.js";
import { CompletedSkillResolver, MeFieldsResolver, UserFieldsResolver } from "./profiles/profile-fields.resolver.js";
import { ProfilesResolver } from "./profiles/profiles.resolver.js";
import { profilesRest } from "./profiles/profiles.rest.js";
import { FeedEntry } from "./profiles/feed-entry.entity.js";
import { SearchTerm } from "./profiles/search-term.entity.js";
import { SavedSearch } from "./profiles/saved-search.entity.js";
import { UserLanguage } from "./profiles/user-language.entity.js";
import { UserSkill } from "./profiles/user-skill.entity.js";
import { SwapRequest } from "./swaps/swap-request.entity.js";
import { ResponseStats } from "./profiles/response-stats.entity.js";
import { SwapsResolver } from "./swaps/swaps.resolver.js";
import { swapsRest } from "./swaps/swaps.rest.js";
import { SystemResolver } from "./system/system.resolver.js";
import { PrivacyResolver } from "./privacy/privacy.resolver.js";
import { Operator } from "./moderation/operator.entity.js";
import { ModerationChatResolver, ModerationResolver, OperatorActionResolver } from "./moderation/moderation.resolver.js";
import { moderationRest } from "./moderation/moderation.rest.js";
import { OperatorAction } from "./moderation/operator-action.entity.js";
import { privacyRest } from "./privacy/privacy.rest.js";
import { Review, ReviewReport } from "./reviews/review.entity.js";
import { ChatReviewFieldResolver, ReviewsResolver } from "./reviews/reviews.resolver.js";
import { reviewsRest } from "./reviews/reviews.rest.js";
import { ReviewModerationResolver } from "./moderation/review-moderation.resolver.js";
import { reviewModerationRest } from "./moderation/review-moderation.rest.js";
import { SnakeHighScore } from "./snake/snake-high-score.entity.js";
import { SnakeResolver } from "./snake/snake.resolver.js";
import { snakeRestRouter } from "./snake/snake.rest.js";
import { OutboxItem } from "../shared/outbox.entity.js";

// What the doors take from the modules besides the lists below: the per-request loaders, and the
// services a door calls itself (server/door-services.ts).
export { createLoaders, Loaders } from "./loaders.js";
export type { AuthService } from "./accounts/auth.service.js";
export type { ChatService } from "./chat/chat.service.js";
export type { JobRunner } from "./jobs/job-runner.js";
export type { ReadinessService } from "./system/readiness.js";

/**
 * The modules' declared order: each is built on the ones before it and never on one after it. A
 * module imports only modules earlier in this list (import-graph.test.ts checks every import, type
 * imports included), and the composition root (services.ts) builds them in this order. What a
 * module needs from a later one reaches it as a change it is told (shared/changes.ts) or a port
 * filled once that module is built (shared/port.ts).
 */
export const MODULE_ORDER = [
  "jobs",
  "system",
  "accounts",
  "blocks",
  "snake",
  "notifications",
  "profiles",
  "coins",
  "chat",
  "lessons",
  "reviews",
  "swaps",
  "implements",
  "privacy",
  "moderation",
] as const;

/**
 * The module registry: every entity, resolver and REST router the app has.
 * A module adds its own line here; nothing else needs to know about it.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM and type-graphql take classes as `Function`
export const allEntities: Function[] = [
  User,
  PasswordReset,
  EmailVerification,
  ContactMessage,
  Block,
  Chat,
  ChatMessage,
  ChatReport,
  PresenceSetting,
  Notification,
  SnakeHighScore,
  CoinAccount,
  CoinTransfer,
  CoinEntry,
  CoinReward,
  CoinOrder,
  CoinWebhookEvent,
  UserSkill,
  UserLanguage,
  FeedEntry,
  SearchTerm,
  SavedSearch,
  CompletedSkill,
  FeedSnapshot,
  SwapRequest,
  ImplementPost,
  ImplementApplicant,
  Operator,
  OperatorAction,
  JobRun,
  OutboxItem,
  NotificationMailSetting,
  NotificationDigestItem,
  Lesson,
  LessonSlot,
  ResponseStats,
  Review,
  ReviewReport,
  PushSubscription,
  NotificationPushSetting,
  ApiKey,
];

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- as above
export const allResolvers: [Function, ...Function[]] = [
  SystemResolver,
  AccountsResolver,
  PasswordResetResolver,
  ContactResolver,
  NotificationsResolver,
  NotificationSettingsResolver,
  ChatResolver,
  ChatListResolver,
  ChatPresenceResolver,
  SnakeResolver,
  RewardsResolver,
  LedgerResolver,
  PurchasesResolver,
  LeaderboardResolver,
  ProfilesResolver,
  UserFieldsResolver,
  MeFieldsResolver,
  CompletedSkillResolver,
  FeedResolver,
  SavedSearchesResolver,
  SwapsResolver,
  ImplementPostsResolver,
  ImplementApplicantsResolver,
  PrivacyResolver,
  ModerationResolver,
  ModerationChatResolver,
  OperatorActionResolver,
  LessonsResolver,
  ChatLessonsFieldResolver,
  ReviewsResolver,
  ChatReviewFieldResolver,
  ReviewModerationResolver,
  PushResolver,
  ApiKeysResolver,
];

/** Each adds its module's REST routes to the one list (registered on the server in server/fastify-rest.ts). */
export const allRestRouters: Array<(services: KitServices, into: RestRoutes) => void> = [
  accountsRest,
  notificationsRest,
  notificationSettingsRest,
  snakeRestRouter,
  coinsRest,
  oembedRest,
  chatRest,
  chatPresenceRest,
  profilesRest,
  dashboardRest,
  savedSearchesRest,
  swapsRest,
  implementsRest,
  privacyRest,
  moderationRest,
  lessonsRest,
  reviewsRest,
  reviewModerationRest,
  pushRest,
];
