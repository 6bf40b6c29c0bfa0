import type { AuthService } from "../accounts/auth.service.js";
import type { StandingService } from "../accounts/standing.service.js";
import type { UsersService } from "../accounts/users.service.js";
import type { ChatService } from "../chat/chat.service.js";
import type { CoinsService, HoldState } from "../coins/coins.service.js";
import type { ImplementPostsService } from "../implements/implement-posts.service.js";
import type { NotificationsService } from "../notifications/notifications.service.js";
import type { ReviewsService } from "../reviews/reviews.service.js";
import type { SwapRequestsService } from "../swaps/swap-requests.service.js";

// What the moderation console's parts share: a leaf, so ModerationService, ReviewModerationService and the views never import one another for a type.

/** A chat message as an operator reads it (the evidence beside a report). */
export interface ModerationMessageView {
  seq: number;
  fromUserId: string;
  body: string;
  createdAt: Date;
}

/** The services moderation is built on, handed in by the composition root. */
export interface ModerationCollaborators {
  users: UsersService;
  standing: StandingService;
  auth: AuthService;
  chat: ChatService;
  coins: CoinsService;
  swaps: SwapRequestsService;
  notifications: NotificationsService;
  implementPosts: ImplementPostsService;
  reviews: ReviewsService;
}

/** The operator acting (checked by OperatorsService.require). */
export interface Operator {
  id: string;
  email: string;
}

/** The coins held for a reported chat's paid lesson, and what became of them. */
export interface EscrowView {
  coins: number;
  state: HoldState;
}
