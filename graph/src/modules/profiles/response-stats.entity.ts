import { Column, Entity, PrimaryColumn } from "typeorm";

/**
 * How a student answers the requests they receive, kept incrementally so a profile reads one row.
 * `received` counts settled requests (answered or expired; a request still pending or withdrawn
 * because a party left counts in neither), `answered` those the student accepted or rejected in
 * time. Answer times are counted in fixed buckets (upper bounds in RESPONSE_BUCKET_HOURS; the
 * last is open), from which the median bucket is read: the typical response time.
 */
@Entity("response_stats")
export class ResponseStats {
  @PrimaryColumn("varchar", { length: 36 })
  userId: string;

  @Column("int")
  received: number;

  @Column("int")
  answered: number;

  @Column("int")
  within1h: number;

  @Column("int")
  within3h: number;

  @Column("int")
  within6h: number;

  @Column("int")
  within12h: number;

  @Column("int")
  within24h: number;

  @Column("int")
  within48h: number;

  @Column("int")
  within96h: number;

  /** Answered after more than 96 hours. */
  @Column("int")
  later: number;

  @Column("datetime", { precision: 3 })
  updatedAt: Date;
}

/** The buckets' columns in order with their upper bounds in hours (null: open). */
export const RESPONSE_BUCKETS = [
  ["within1h", 1],
  ["within3h", 3],
  ["within6h", 6],
  ["within12h", 12],
  ["within24h", 24],
  ["within48h", 48],
  ["within96h", 96],
  ["later", null],
] as const satisfies ReadonlyArray<readonly [keyof ResponseStats, number | null]>;
