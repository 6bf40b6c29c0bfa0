import { Column, Entity, Index, PrimaryColumn } from "typeorm";
import { MAX_JOIN_DESCRIPTION_LENGTH, MAX_REASON_LENGTH } from "../../../../common/implements.js";
import type { ApplicantStatus } from "./implement.rules.js";

/**
 * One student's request to join one post. A student asks once per post (unique pair);
 * the owner then accepts or rejects it (once, which the owner may still undo by
 * accepting, or permanently, which is final).
 */
@Entity("implement_applicants")
@Index("uq_implement_applicants_post_user", ["postId", "userId"], { unique: true })
// The list's "has this owner rejected me?" test and a user's own applications.
@Index("idx_implement_applicants_user", ["userId", "status"])
export class ImplementApplicant {
  @PrimaryColumn("varchar", { length: 36 })
  id: string;

  @Column("varchar", { length: 36 })
  postId: string;

  @Column("varchar", { length: 36 })
  userId: string;

  /** The applicant's name when they asked (the spec's userName); kept if they rename later. */
  @Column("varchar", { length: 60 })
  userName: string;

  /** Why they want to join. */
  @Column("varchar", { length: MAX_JOIN_DESCRIPTION_LENGTH })
  description: string;

  @Column("varchar", { length: 24 })
  status: ApplicantStatus;

  /** The rejection reason the applicant was told; null unless rejected. */
  @Column("varchar", { length: MAX_REASON_LENGTH, nullable: true })
  reason: string | null;

  @Column("datetime", { precision: 3 })
  createdAt: Date;

  @Column("datetime", { precision: 3 })
  updatedAt: Date;
}
