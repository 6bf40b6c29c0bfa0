import { SignJWT, jwtVerify, errors as joseErrors } from "jose";
import type { Clock } from "./clock.js";

const ALG = "HS256";
export const TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
/** A token "issued" further in the future than this was not issued by this server's clock. */
const CLOCK_SKEW_MS = 60_000;

export interface TokenClaims {
  userId: string;
  /** The user's token version when the token was issued. */
  ver: number;
}

/** Signs and verifies session tokens. The algorithm is pinned: `alg: none` or any other is refused. */
/** Verified signatures remembered (per process): a token is checked once, not on every request. */
const VERIFIED_CACHE_SIZE = 10_000;

export class TokenService {
  private readonly key: Uint8Array;
  /** token -> its claims and times, for tokens whose signature already verified. Insertion-ordered (oldest first). */
  private readonly verified = new Map<string, TokenClaims & { iat: number; exp: number }>();
  constructor(
    secret: string,
    private readonly clock: Clock,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(userId: string, ver: number): Promise<string> {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({ ver })
      .setProtectedHeader({ alg: ALG, typ: "JWT" })
      .setSubject(userId)
      .setIssuedAt(now)
      .setExpirationTime(now + TOKEN_TTL_SECONDS)
      .sign(this.key);
  }

  /**
   * Returns the claims, or null for an expired, tampered, wrong-key or wrong-algorithm token, and
   * for one without `exp` or `iat`, issued in the future, or with a lifetime longer than ours
   * (a leaked signing key must not mint tokens that never expire).
   */
  async verify(token: string): Promise<TokenClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      // The signature cannot change; the times are checked against the clock again, as jose would.
      const now = this.clock.now().getTime();
      if (known.exp * 1000 <= now || known.iat * 1000 > now + CLOCK_SKEW_MS) return null;
      return { userId: known.userId, ver: known.ver };
    }
    const claims = await this.verifySignature(token);
    if (claims) {
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, claims);
    }
    return claims && { userId: claims.userId, ver: claims.ver };
  }

  private async verifySignature(token: string): Promise<(TokenClaims & { iat: number; exp: number }) | null> {
    try {
      const now = this.clock.now();
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALG],
        currentDate: now,
        // A token must say when it was issued and when it ends, and live no longer than ours do.
        requiredClaims: ["sub", "iat", "exp"],
        maxTokenAge: TOKEN_TTL_SECONDS,
      });
      if (typeof payload.sub !== "string" || typeof payload.ver !== "number" || !Number.isInteger(payload.ver)) return null;
      const { iat, exp } = payload as { iat: number; exp: number };
      if (exp - iat > TOKEN_TTL_SECONDS || iat * 1000 > now.getTime() + CLOCK_SKEW_MS) return null;
      return { userId: payload.sub, ver: payload.ver, iat, exp };
    } catch (e) {
      if (e instanceof joseErrors.JOSEError) return null;
      throw e;
    }
  }
}

/** Takes the token out of `Authorization: Bearer x` (or a bare token, as the old client sent). */
export function bearerToken(header: string | undefined | null): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(.+)$/i.exec(header.trim());
  const t = (m ? m[1] : header).trim();
  return t && t !== "null" && t !== "undefined" ? t : null;
}
