import type { Gender } from "../gql/graphql";
import { genderSegment, isGender } from "./gender";

/**
 * Every page's address in one place (spec section 1): `routes` are the router's patterns
 * (relative, `:param` names as the pages read them), `paths` build the links to them. Nothing
 * else in web/ spells a route: links, redirects and `navigate` calls all go through `paths`.
 */
/** A schema value (MALE) as the spec's word (Male); a segment read from an address as it is; "undefined" when not given. */
function genderPart(gender: Gender | string | null | undefined): string {
  if (!gender) return genderSegment(null);
  return isGender(gender) ? genderSegment(gender) : gender;
}

export const routes = {
  about: "about",
  login: "login",
  register: "register",
  logout: "logout",
  resetPassword: "reset-password/:newtoken",
  verifyEmail: "verify-email/:token",
  accountDeleted: "account-deleted",
  moderation: "moderation",
  contact: "contact",
  game: "game/:userID",
  notifications: ":userId/notifications",
  notificationSettings: "settings/notifications",
  apiKeys: "settings/api-keys",
  profileDetails: "p",
  dashboardLookup: "dashboard",
  dashboard: "dashboard/:userId",
  userProfile: "user/:userID/:currentID/:gender",
  chats: "user/chat",
  chat: "user/chat/:chatUserID",
  // The static "create" segment outranks :postID (react-router ranks by segment).
  implementsMine: "implements/:userID",
  implementsList: "implements/:userID/:userName",
  implementsCreate: "implements/:userId/:userName/create",
  implementsDetails: "implements/:userID/:userName/:postID",
  skillCoins: "skill-coins",
  skillCoinsSuccess: "skill-coins/success",
  skillCoinsFailure: "skill-coins/failure",
  skillCoinsRules: "skill-coins/rules",
  leaderboard: "leaderboard/:currentID",
} as const;

/** A path segment from a value (names may hold spaces or slashes). */
const seg = (value: string) => encodeURIComponent(value);

/** `/login?passwordUpdated=1`: the reset-password page's way to sign-in, which then says 'Password Updated'. */
export const PASSWORD_UPDATED_PARAM = "passwordUpdated";

/** `?returnTo=` for the pages that lead back (sign-in, buying coins). */
const withReturnTo = (path: string, returnTo: string | null | undefined) =>
  returnTo ? `${path}?${new URLSearchParams({ returnTo })}` : path;

export const paths = {
  home: "/",
  about: "/about",
  contact: "/contact",
  login: "/login",
  register: "/register",
  logout: "/logout",
  accountDeleted: "/account-deleted",
  moderation: "/moderation",
  /** The profile details form. */
  profileDetails: "/p",
  /**
   * Create Account, sign-in and the profile form with the page asked for (`?returnTo=`), where the
   * student lands once through; `returnTo` must already be a safe path (lib/session safeReturnPath).
   */
  registerFor: (returnTo: string | null | undefined) => withReturnTo("/register", returnTo),
  loginFor: (returnTo: string | null | undefined) => withReturnTo("/login", returnTo),
  loginAfterPasswordUpdate: `/login?${PASSWORD_UPDATED_PARAM}=1`,
  profileDetailsFor: (returnTo: string | null | undefined) => withReturnTo("/p", returnTo),
  /** Without an id: looks the caller up, then goes to their own dashboard. */
  dashboard: (userId?: string) => (userId ? `/dashboard/${seg(userId)}` : "/dashboard"),
  /**
   * Someone's profile as `viewerId` sees it; the viewer's gender is part of the address (spec):
   * a schema value (MALE) becomes the spec's word (Male); a segment read from an address passes as it is.
   */
  profile: (userId: string, viewerId: string, viewerGender: Gender | string | null | undefined) =>
    `/user/${seg(userId)}/${seg(viewerId)}/${seg(genderPart(viewerGender))}`,
  notifications: (userId: string) => `/${seg(userId)}/notifications`,
  /** Which notifications also come by mail. */
  notificationSettings: "/settings/notifications",
  /** Read-only API keys for integrators (sites, bots) the student created. */
  apiKeys: "/settings/api-keys",
  chats: "/user/chat",
  /** The conversation with `partnerId`. */
  chat: (partnerId: string) => `/user/chat/${seg(partnerId)}`,
  game: (userId: string) => `/game/${seg(userId)}`,
  leaderboard: (viewerId: string) => `/leaderboard/${seg(viewerId)}`,
  implements: {
    mine: (userId: string) => `/implements/${seg(userId)}`,
    list: (userId: string, userName: string) => `/implements/${seg(userId)}/${seg(userName)}`,
    create: (userId: string, userName: string) => `/implements/${seg(userId)}/${seg(userName)}/create`,
    details: (userId: string, userName: string, postId: string) => `/implements/${seg(userId)}/${seg(userName)}/${seg(postId)}`,
  },
  /** Buying coins; `returnTo` is where the student goes back to afterwards. */
  /** `coins`: the amount the buy form starts with (what a payment is short of). */
  skillCoins: (returnTo?: string | null, coins?: number) => {
    const path = withReturnTo("/skill-coins", returnTo);
    return coins ? `${path}${path.includes("?") ? "&" : "?"}${new URLSearchParams({ coins: String(coins) })}` : path;
  },
  skillCoinsRules: "/skill-coins/rules",
  skillCoinsSuccess: "/skill-coins/success",
  skillCoinsFailure: "/skill-coins/failure",
} as const;
