import { Column, Entity, Index, PrimaryColumn } from "typeorm";

/** A skill a learner finished with a mentor (written by chat when a swap is finished). */
@Entity("completed_skills")
@Index("idx_completed_skills_learner", ["learnerId", "completedAt"])
/** How many swaps a student taught (the directory's "has taught before"). */
@Index("idx_completed_skills_mentor", ["mentorId"])
export class CompletedSkill {
  @PrimaryColumn("varchar", { length: 36 })
  id: string;

  @Column("varchar", { length: 36 })
  learnerId: string;

  @Column("varchar", { length: 36 })
  mentorId: string;

  @Column("varchar", { length: 60 })
  skill: string;

  @Column("varchar", { length: 40 })
  category: string;

  @Column("datetime", { precision: 3 })
  completedAt: Date;
}
