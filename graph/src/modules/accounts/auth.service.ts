import type { EntityManager, Repository } from "typeorm";
import { positionalQuery } from "../../db/sql.js";
import { afterCommit } from "../../db/transaction.js";
import type { AppPubSub } from "../../shared/pubsub.js";
import type { TokenService } from "../../shared/tokens.js";
import type { AuthUser } from "../../kit/context.js";
import { User } from "./user.entity.js";

// The caller's shape is the kit's (a context carries it below the modules); re-exported for the module's own use.
export type { AuthUser } from "../../kit/context.js";

/** Turns a token into the caller. Used by the GraphQL context, graphql-ws and REST alike. */
export class AuthService {
  constructor(
    private readonly users: Repository<User>,
    readonly tokens: TokenService,
    private readonly pubsub: AppPubSub,
  ) {}

  async authenticate(token: string | null | undefined): Promise<AuthUser | null> {
    if (!token) return null;
    const claims = await this.tokens.verify(token);
    if (!claims) return null;
    // Every authenticated request runs this: plain SQL through the primary key, no query builder.
    const [row] = await positionalQuery<{ tokenVersion: number | string; emailVerifiedAt: unknown }>(
      this.users.manager,
      "SELECT tokenVersion, emailVerifiedAt FROM users WHERE id = ?",
      [claims.userId],
    );
    if (!row || Number(row.tokenVersion) !== claims.ver) return null;
    return { id: claims.userId, verified: row.emailVerifiedAt != null };
  }

  /**
   * Revokes every token of the student issued so far: new requests and sockets are refused (the
   * token version no longer matches) and, once the change commits, every open socket of theirs
   * on every instance closes (SESSION_REVOKED, see server/ws.ts).
   */
  async revokeSessions(userId: string, em: EntityManager): Promise<void> {
    await em.getRepository(User).increment({ id: userId }, "tokenVersion", 1);
    afterCommit(em, () => this.pubsub.publish("SESSION_REVOKED", userId, { userId }));
  }

  async issueToken(user: Pick<User, "id" | "tokenVersion">): Promise<string> {
    return this.tokens.sign(user.id, user.tokenVersion);
  }
}
