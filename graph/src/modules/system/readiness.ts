import type { Redis } from "ioredis";
import type { Deps } from "../../shared/deps.js";
import { lazyRequire } from "../../shared/lazy-require.js";
import { OutboxItem } from "../../shared/outbox.entity.js";
import type * as IORedis from "ioredis";

/** What `/readyz` answers: ready, or the reasons this instance should get no traffic now. */
export interface ReadinessReport {
  ready: boolean;
  draining: boolean;
  database: "up" | "down";
  redis: "up" | "down" | "not configured";
}

/** Each check's bound: /readyz answers within it (the checks run together), under a load balancer's 2 s. */
const CHECK_TIMEOUT_MS = 1500;

function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timed out")), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Readiness, distinct from liveness (`/healthz`, which asks nothing of a dependency): an instance is
 * ready while it is not draining (a SIGTERM marks it at once, so a load balancer stops sending it
 * traffic), its database serves the app's own tables (a read of one: a dropped or unreadable schema
 * fails it, where `SELECT 1` would not) and, when REDIS_URL is set, Redis answers. Each check is
 * bounded (CHECK_TIMEOUT_MS); at most one database probe is in flight, so probes against a silent
 * database hold one pooled connection, never the pool.
 */
export class ReadinessService {
  private draining = false;
  private redis: Redis | null = null;
  private dbProbe: Promise<unknown> | undefined;
  private readonly seen: Partial<Record<"database" | "redis", string>> = {};

  constructor(private readonly deps: Pick<Deps, "config" | "dataSource" | "logger">) {}

  /** Shutdown has begun: every later check answers not ready. */
  markDraining(): void {
    this.draining = true;
  }

  get isDraining(): boolean {
    return this.draining;
  }

  async check(): Promise<ReadinessReport> {
    const [database, redis] = await Promise.all([this.databaseUp(), this.redisUp()]);
    const report: ReadinessReport = {
      ready: !this.draining && database && redis !== false,
      draining: this.draining,
      database: database ? "up" : "down",
      redis: redis === null ? "not configured" : redis ? "up" : "down",
    };
    this.logChanges(report);
    return report;
  }

  /** One log line when a dependency goes down or comes back (as seen by the probes), not one per probe. */
  private logChanges(report: ReadinessReport): void {
    for (const part of ["database", "redis"] as const) {
      const before = this.seen[part];
      this.seen[part] = report[part];
      if (before === undefined || before === report[part]) continue;
      if (report[part] === "down") this.deps.logger.warn({ [part]: "down" }, `readiness: ${part} down, /readyz answers 503`);
      else this.deps.logger.info({ [part]: report[part] }, `readiness: ${part} ${report[part]} again`);
    }
  }

  /** The one database probe (/readyz and GraphQL `health`): a read of an app table, bounded. */
  async databaseUp(): Promise<boolean> {
    try {
      if (!this.deps.dataSource.isInitialized) return false;
      this.dbProbe ??= this.deps.dataSource
        .createQueryBuilder()
        .select("1", "one")
        .from(OutboxItem, "o")
        .limit(1)
        .getRawMany()
        .finally(() => (this.dbProbe = undefined));
      await within(this.dbProbe, CHECK_TIMEOUT_MS);
      return true;
    } catch (err) {
      this.deps.logger.debug({ err }, "readiness database probe failed");
      return false;
    }
  }

  /** null when no Redis is configured. */
  private async redisUp(): Promise<boolean | null> {
    const url = this.deps.config.redisUrl;
    if (!url) return null;
    if (!this.redis) {
      const { Redis } = lazyRequire("ioredis") as typeof IORedis;
      // Its own connection: a probe must not queue behind (or break) the pubsub's clients.
      this.redis = new Redis(url, {
        lazyConnect: true,
        maxRetriesPerRequest: 0,
        enableOfflineQueue: false,
        connectTimeout: CHECK_TIMEOUT_MS,
        commandTimeout: CHECK_TIMEOUT_MS,
      });
      this.redis.on("error", (err) => this.deps.logger.debug({ err }, "readiness redis connection error"));
    }
    try {
      if (this.redis.status === "wait" || this.redis.status === "end") await within(this.redis.connect(), CHECK_TIMEOUT_MS);
      return (await within(this.redis.ping(), CHECK_TIMEOUT_MS)) === "PONG";
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    const r = this.redis;
    this.redis = null;
    if (r) r.disconnect();
  }
}
