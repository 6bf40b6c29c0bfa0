import { Column, Entity, PrimaryColumn } from "typeorm";

/**
 * One row per scheduled job: the state every server instance shares. A run is taken with a
 * conditional UPDATE of the lease, so one instance runs each period; the row survives restarts.
 */
@Entity("job_runs")
export class JobRun {
  @PrimaryColumn("varchar", { length: 60 })
  name: string;

  /** The start of the last period whose run completed (null: never ran). */
  @Column("datetime", { precision: 3, nullable: true })
  doneSlotAt: Date | null;

  /** Who holds the run now and until when; an expired lease (a crashed instance) may be taken over. */
  @Column("varchar", { length: 36, nullable: true })
  leaseOwner: string | null;

  @Column("datetime", { precision: 3, nullable: true })
  leaseUntil: Date | null;

  @Column("datetime", { precision: 3, nullable: true })
  lastRunAt: Date | null;

  @Column("varchar", { length: 500, nullable: true })
  lastError: string | null;
}
