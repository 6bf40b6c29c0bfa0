import { Column, Entity, PrimaryColumn } from "typeorm";

/**
 * A student granted operator rights from the command line (`npm run operator -- grant <email>`).
 * Operators named in OPERATOR_EMAILS need no row. Nothing in the public API writes this table.
 */
@Entity("operators")
export class Operator {
  @PrimaryColumn("varchar", { length: 36 })
  userId: string;

  @Column("datetime", { precision: 3 })
  grantedAt: Date;

  /** Who granted it ("cli" for the command line). */
  @Column("varchar", { length: 60 })
  grantedBy: string;
}
