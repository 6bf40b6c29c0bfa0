import { Column, Entity, Index, PrimaryColumn } from "typeorm";
import { MAX_DESCRIPTION_LENGTH, MAX_TITLE_LENGTH } from "../../../../common/implements.js";

/**
 * A project problem a student posts for others to join. Hidden posts stay with their
 * owner; everyone else sees only visible ones.
 */
@Entity("implement_posts")
// The list of others' problems: visible posts, newest first, keyset-paginated on (createdAt, id).
@Index("idx_implement_posts_list", ["visible", "createdAt", "id"])
// "Your Problems": one owner's posts, newest first.
@Index("idx_implement_posts_owner", ["ownerId", "createdAt", "id"])
export class ImplementPost {
  @PrimaryColumn("varchar", { length: 36 })
  id: string;

  @Column("varchar", { length: 36 })
  ownerId: string;

  @Column("varchar", { length: MAX_TITLE_LENGTH })
  title: string;

  @Column("varchar", { length: MAX_DESCRIPTION_LENGTH })
  description: string;

  @Column("boolean")
  visible: boolean;

  @Column("datetime", { precision: 3 })
  createdAt: Date;

  @Column("datetime", { precision: 3 })
  updatedAt: Date;

  /** Hidden by an operator (moderation): stays hidden, its owner cannot show it again. */
  @Column("datetime", { precision: 3, nullable: true })
  hiddenByOperatorAt: Date | null;
}
