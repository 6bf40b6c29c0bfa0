import { createHmac, timingSafeEqual } from "node:crypto";
import { isMailKind, type MailKind } from "../../../../common/notifications.js";

/** What one unsubscribe link turns off: one kind, everything the student gets in the digest, or one saved search's alerts. */
export type UnsubscribeScope = MailKind | "digest" | `search${string}`;

/** The scope of one saved search's alerts: `search` and the search's id without dashes. */
export const savedSearchScope = (searchId: string): UnsubscribeScope => `search${searchId.replace(/-/g, "")}`;
/** The saved search a scope names (its id with dashes), or null. */
export function savedSearchOf(scope: UnsubscribeScope): string | null {
  const m = /^search([0-9a-f]{8})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{12})$/.exec(scope);
  return m ? m.slice(1).join("-") : null;
}

/**
 * One-click unsubscribe tokens: `<userId>.<scope>.<HMAC-SHA256>` keyed with a key derived from the
 * server's secret. Nothing is stored, the link works without signing in, and nobody can make one
 * for another student or another kind without the secret.
 */
export class UnsubscribeTokens {
  private readonly key: Buffer;
  constructor(secret: string) {
    this.key = createHmac("sha256", secret).update("notification-unsubscribe/v1").digest();
  }

  private mac(userId: string, scope: string): string {
    return createHmac("sha256", this.key).update(`${userId}.${scope}`).digest("base64url");
  }

  make(userId: string, scope: UnsubscribeScope): string {
    return `${userId}.${scope}.${this.mac(userId, scope)}`;
  }

  /** The student and scope a token names, or null for anything not made by `make` with this secret. */
  read(token: unknown): { userId: string; scope: UnsubscribeScope } | null {
    if (typeof token !== "string" || token.length > 200) return null;
    const m = /^([0-9a-f-]{36})\.([A-Za-z0-9]{1,40})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!m) return null;
    const [, userId, scope, mac] = m;
    if (scope !== "digest" && !isMailKind(scope) && !savedSearchOf(scope as UnsubscribeScope)) return null;
    const expected = Buffer.from(this.mac(userId, scope));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    return { userId, scope: scope as UnsubscribeScope };
  }
}
