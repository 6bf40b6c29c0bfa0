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

/** How many verified tokens `verify` remembers (about the number of students active at once). */
const VERIFIED_CACHE_SIZE = 20_000;

interface VerifiedToken extends TokenClaims {
  iat: number;
  exp: number;
}

/** Signs and verifies session tokens. The algorithm is pinned: `alg: none` or any other is refused. */
export class TokenService {
  private readonly key: Uint8Array;
  /**
   * Tokens whose signature and claims this service has already checked. A token's signature
   * never changes its verdict, but its age does: a hit is checked against the clock again, as
   * jose would. Each request and socket of a signed-in student presents the same token, and
   * Web Crypto's HMAC costs a thread-pool round trip each time. Revocation is not decided here
   * (AuthService compares the token version with the database on every call).
   */
  private readonly verified = new Map<string, VerifiedToken>();
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
    if (known) return timely(known, this.clock.now()) ? { userId: known.userId, ver: known.ver } : null;
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
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, { userId: payload.sub, ver: payload.ver, iat, exp });
      return { userId: payload.sub, ver: payload.ver };
    } catch (e) {
      if (e instanceof joseErrors.JOSEError) return null;
      throw e;
    }
  }
}

/** jose's time checks for an already verified token: not expired, not older than our lifetime, not issued in the future. */
function timely(t: VerifiedToken, now: Date): boolean {
  const seconds = Math.floor(now.getTime() / 1000);
  return t.exp > seconds && seconds - t.iat <= TOKEN_TTL_SECONDS && t.iat <= seconds;
}

/** Takes the token out of `Authorization: Bearer x` (or a bare token, as the old client sent). */
export function bearerToken(header: string | undefined | null): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(.+)$/i.exec(header.trim());
  const t = (m ? m[1] : header).trim();
  return t && t !== "null" && t !== "undefined" ? t : null;
}
