import { SignJWT, jwtVerify, errors as joseErrors } from "jose";
import type { Clock } from "./clock.js";

const ALG = "HS256";
export const TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

export interface TokenClaims {
  userId: string;
  /** The user's token version when the token was issued. */
  ver: number;
}

/** Signs and verifies session tokens. The algorithm is pinned: `alg: none` or any other is refused. */
export class TokenService {
  private readonly key: Uint8Array;
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

  /** Returns the claims, or null for an expired, tampered, wrong-key or wrong-algorithm token. */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: [ALG], currentDate: this.clock.now() });
      if (typeof payload.sub !== "string" || typeof payload.ver !== "number") return null;
      return { userId: payload.sub, ver: payload.ver };
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
