/**
 * The demo community's recent past, replayed through the real services. Each area of the seed
 * schedules what happened and when; the timeline then runs every step in time order on services
 * built with their own ManualClock set to the step's time, so every row (ledger entries, chats,
 * messages, notifications) carries a believable past timestamp and follows the product's rules.
 */
import { DAY, HOUR, ManualClock } from "../../shared/clock.js";
import { createServices, type Services } from "../../services.js";
import type { prng } from "./demo-data.js";

export type Skill = { category: string; skill: string };
export interface Person {
  index: number;
  id: string;
  name: string;
  known: Skill[];
  required: Skill[];
  createdAt: number;
}

const IST_OFFSET = 5.5 * HOUR;

type Step = { at: number; order: number; run: (s: Services) => Promise<unknown> };

export class Timeline {
  private readonly steps: Step[] = [];
  /** Pairs (either order) that will have a chat or an open request: each pair gets one story. */
  private readonly pairs = new Set<string>();

  /** The latest 9 pm in India (the college's evening) not after now: stories are told back from it. */
  private readonly evening: number;

  constructor(
    /** The moment seeding happens: every step is scheduled before it. */
    readonly now: number,
    readonly rnd: ReturnType<typeof prng>,
  ) {
    const sinceNinePm = (((now + IST_OFFSET - 21 * HOUR) % DAY) + DAY) % DAY;
    this.evening = now - sinceNinePm;
  }

  /** `days` and `hours` before the latest 9 pm India time: `ago(2, 3)` is 6 pm the day before yesterday there. */
  ago(days: number, hours = 0): number {
    return this.evening - days * DAY - hours * HOUR;
  }

  at(time: number, run: (s: Services) => Promise<unknown>): void {
    if (time >= this.now) throw new Error("demo data cannot happen in the future");
    this.steps.push({ at: time, order: this.steps.length, run });
  }

  /** Claims a pair for one story; false when it already has one. */
  claim(a: string, b: string): boolean {
    const key = a < b ? `${a}|${b}` : `${b}|${a}`;
    if (a === b || this.pairs.has(key)) return false;
    this.pairs.add(key);
    return true;
  }

  /**
   * Runs the steps oldest first on services of their own (same database, storage, gateway and
   * pubsub, a private in-memory rate limiter) whose clock is set to each step's time.
   */
  async replay(app: Services): Promise<void> {
    const clock = new ManualClock(this.ago(60));
    const { config, dataSource, pubsub, logger, mailer, payments, storage } = app.deps;
    const s = createServices({
      config: { ...config, redisUrl: undefined, rateLimits: {} },
      dataSource,
      clock,
      pubsub,
      // The app's own services already said whatever start-up warnings there are.
      logger: logger.child({ seed: true }, { level: "error" }),
      mailer,
      payments,
      storage,
    });
    try {
      const ordered = [...this.steps].sort((x, y) => x.at - y.at || x.order - y.order);
      for (const step of ordered) {
        clock.set(new Date(step.at));
        await step.run(s);
      }
    } finally {
      await s.rateLimits.close();
    }
  }
}
