import type { Repository } from "typeorm";
import type { TokenService } from "../../shared/tokens.js";
import { User } from "./user.entity.js";

export interface AuthUser {
  id: string;
}

/** Turns a token into the caller. Used by the GraphQL context, graphql-ws and REST alike. */
export class AuthService {
  constructor(
    private readonly users: Repository<User>,
    readonly tokens: TokenService,
  ) {}

  async authenticate(token: string | null | undefined): Promise<AuthUser | null> {
    if (!token) return null;
    const claims = await this.tokens.verify(token);
    if (!claims) return null;
    const user = await this.users.findOne({ where: { id: claims.userId }, select: { id: true, tokenVersion: true } });
    if (!user || user.tokenVersion !== claims.ver) return null;
    return { id: user.id };
  }

  async issueToken(user: Pick<User, "id" | "tokenVersion">): Promise<string> {
    return this.tokens.sign(user.id, user.tokenVersion);
  }
}
