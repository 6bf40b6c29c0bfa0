import type { AccountsService } from "./accounts.service.js";
import type { ApiKeysService } from "./api-keys.service.js";
import type { AuthService } from "./auth.service.js";
import type { ContactService } from "./contact.service.js";
import type { EmailVerificationService } from "./email-verification.service.js";
import type { PasswordResetService } from "./password-reset.service.js";
import type { StandingService } from "./standing.service.js";
import type { UsersLoaders } from "./users.loaders.js";
import type { UsersService } from "./users.service.js";

// What this module adds to the kit's services and loaders (kit/context.ts): a resolver or route
// reaches them through its context, and the app's services (services.ts) must provide them.
declare module "../../kit/context.js" {
  interface KitServices {
    auth: AuthService;
    accounts: AccountsService;
    passwordResets: PasswordResetService;
    /** College-mail links: send, resend, verify; the release of stale unverified accounts. */
    emailVerification: EmailVerificationService;
    /** A student's standing (verified, suspended, deleted) and the `visible` flag derived from it. */
    standing: StandingService;
    contact: ContactService;
    users: UsersService;
    /** Read-only API keys for integrators: create, list, revoke, and the check of every request made with one. */
    apiKeys: ApiKeysService;
  }
  interface KitLoaders {
    users: UsersLoaders;
  }
}
