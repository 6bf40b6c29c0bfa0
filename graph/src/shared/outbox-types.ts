/**
 * The outbox's shapes, shared by the outbox (outbox.ts), its delivery (outbox-delivery.ts) and the
 * channels other parts register (mail, push): a leaf, so none of them imports another for a type.
 */
import type { DataSource } from "typeorm";
import type { Config } from "../config.js";
import type { Tx } from "../db/transaction.js";
import type { Clock } from "./clock.js";
import type { Logger } from "./logger.js";

/** What became of one delivery attempt: sent, to be retried (after `afterMs`, else the backoff), or given up on. */
export type DeliveryOutcome = { kind: "sent" } | { kind: "retry"; error: string; afterMs?: number } | { kind: "drop"; reason: string };

export interface OutboxChannel<P> {
  name: string;
  deliver(payload: P, item: { id: string; attempts: number }): Promise<DeliveryOutcome>;
}

export type OutboxSettings = Config["outbox"];

export interface OutboxDeps {
  tx: Tx;
  dataSource: DataSource;
  clock: Clock;
  logger: Logger;
  settings: OutboxSettings;
}
