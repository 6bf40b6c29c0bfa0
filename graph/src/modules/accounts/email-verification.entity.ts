import { Column, Entity, Index } from "typeorm";
import { SingleUseLinkRow } from "./single-use-links.js";

/**
 * One verification link mailed to a student's college address (single-use-links.ts: only the
 * token's hash is kept, used once, expiring).
 */
@Entity("email_verifications")
@Index("idx_email_verifications_user", ["userId"])
@Index("uq_email_verifications_token_hash", ["tokenHash"], { unique: true })
export class EmailVerification extends SingleUseLinkRow {
  /** The address the link proves: a link for an address the account no longer has proves nothing. */
  @Column("varchar", { length: 254 })
  email: string;

  /**
   * The page the student registered from (a safe path, common/return-path.ts): the mailed link
   * carries it, so the page is not lost when the mail opens in another browser; a resend keeps it.
   */
  @Column("varchar", { length: 1000, nullable: true })
  returnTo: string | null;
}
