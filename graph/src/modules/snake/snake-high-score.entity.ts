import { Column, Entity, PrimaryColumn } from "typeorm";

/** One row per player: the best snake score the server has accepted from them. */
@Entity("snake_high_scores")
export class SnakeHighScore {
  /** The player's user id (one row per user, so it is the key). */
  @PrimaryColumn("varchar", { length: 36 })
  userId: string;

  @Column("int")
  highScore: number;

  @Column("datetime", { precision: 3 })
  updatedAt: Date;
}
