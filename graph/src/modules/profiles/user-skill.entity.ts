import { Column, Entity, Index, PrimaryColumn } from "typeorm";

export type SkillKind = "known" | "required";

/**
 * One skill a student knows or wants to learn. A table rather than JSON on the user so
 * that search by skill and the feed's "knows what I want" matching read an index.
 */
@Entity("user_skills")
@Index("idx_user_skills_owner", ["userId", "kind", "skillKey"])
@Index("idx_user_skills_search", ["kind", "skillKey", "userId"])
// Covers a card's skills in display order (feed and search pages read 10-20 students' skills at once):
// no row lookups through the random primary key, no sort.
@Index("idx_user_skills_card", ["userId", "kind", "position", "category", "skill"])
export class UserSkill {
  @PrimaryColumn("varchar", { length: 36 })
  id: string;

  @Column("varchar", { length: 36 })
  userId: string;

  /** known | required */
  @Column("varchar", { length: 10 })
  kind: SkillKind;

  /** Order of the rows in the form. */
  @Column("int")
  position: number;

  @Column("varchar", { length: 40 })
  category: string;

  @Column("varchar", { length: 60 })
  skill: string;

  /** Trimmed, lower-cased `skill`: what search and matching compare. */
  @Column("varchar", { length: 60 })
  skillKey: string;
}
