import type { EntityManager } from "typeorm";
import { afterCommit } from "../../db/transaction.js";
import type { BackgroundTasks } from "../../shared/background.js";
import type { Logger } from "../../shared/logger.js";
import type { PushJob } from "./push-channel.js";

// The contract of graph/src/shared/outbox.ts (being written on another branch); imported from there once it lands.
export type DeliveryOutcome = { kind: "sent" } | { kind: "retry"; error: string; afterMs?: number } | { kind: "drop"; reason: string };
export interface OutboxChannel<P> {
  name: string;
  deliver(payload: P, item: { id: string; attempts: number }): Promise<DeliveryOutcome>;
}

/** Hands one push to whatever delivers it, once `em`'s transaction (if any) has committed. */
export type PushQueue = (em: EntityManager | undefined, job: PushJob, key: string) => Promise<void>;

/** Without a durable outbox: one attempt in the background after the commit (a retry outcome is logged, not kept). */
export function backgroundPushQueue(channel: OutboxChannel<PushJob>, background: BackgroundTasks, logger: Logger): PushQueue {
  return async (em, job, key) => {
    afterCommit(em, () =>
      background.run("push", async () => {
        const outcome = await channel.deliver(job, { id: key, attempts: 0 });
        if (outcome.kind !== "sent") logger.warn({ key, outcome }, "push not delivered");
      }),
    );
  };
}
