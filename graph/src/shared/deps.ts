import type { DataSource } from "typeorm";
import type { Config } from "../config.js";
import type { Tx } from "../db/transaction.js";
import type { Changes } from "./changes.js";
import type { Clock } from "./clock.js";
import type { Logger } from "./logger.js";
import type { Mailer, MailQueue } from "./mail.js";
import type { Outbox } from "./outbox.js";
import type { PaymentGateway } from "./payments.js";
import type { Metrics } from "./metrics.js";
import type { AppPubSub } from "./pubsub.js";
import type { Storage } from "./storage.js";

/** What every service may depend on. Adapters (mail, storage, payments) are added by their modules. */
export interface Deps {
  config: Config;
  dataSource: DataSource;
  tx: Tx;
  clock: Clock;
  pubsub: AppPubSub;
  /** Changes a lower module tells and a higher one listens for, in the teller's transaction (shared/changes.ts). */
  changes: Changes;
  logger: Logger;
  /** The mail transport (the outbox worker's "mail" channel sends through it): outbox folder by default, SMTP when SMTP_URL is set. */
  mailer: Mailer;
  /** The durable outbox: rows written in a transaction, delivered by a worker after it commits (shared/outbox.ts). */
  outbox: Outbox;
  /** Mails from services: `mail.queue(em, message, { key })` inside the transaction of the change that causes them. */
  mail: MailQueue;
  /** Coin purchases: the sandbox by default, Razorpay when RAZORPAY_KEY_ID/SECRET are set. */
  payments: PaymentGateway;
  /** Profile images: DATA_DIR/uploads by default, Cloudinary when CLOUDINARY_URL is set. */
  storage: Storage;
  /** Prometheus instruments, when metrics are configured (METRICS_PORT / METRICS_TOKEN); absent, nothing is measured. */
  metrics?: Metrics;
}
