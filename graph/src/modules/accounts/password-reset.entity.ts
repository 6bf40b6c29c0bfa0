import { Entity, Index } from "typeorm";
import { SingleUseLinkRow } from "./single-use-links.js";

/**
 * One "forgot password" link (single-use-links.ts: only the token's hash is kept, used once,
 * short-lived). Spent when the password was changed with it, or when a newer link replaced it.
 */
@Entity("password_resets")
@Index("idx_password_resets_user", ["userId"])
@Index("uq_password_resets_token_hash", ["tokenHash"], { unique: true })
export class PasswordReset extends SingleUseLinkRow {}
