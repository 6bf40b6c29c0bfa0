import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { isBase64Url, vapidKeysIn } from "./vapid-keys.js";

export { generateVapidKeys } from "./vapid-keys.js";

/** Thrown for a bad environment value; main prints the one line and exits 1. */
export class ConfigError extends Error {}

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .optional()
    .refine(
      (v) => {
        if (!v) return true;
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      { message: `must be a URL starting with ${protocols.map((p) => p + "//").join(" or ")}` },
    );

/** A CSP source `frame-ancestors` takes: *, 'self', 'none', a scheme (https:) or a host (https://*.college.edu:8443/path). */
const FRAME_SOURCE =
  /^(?:\*|'self'|'none'|[a-z][a-z0-9+.-]*:|(?:[a-z][a-z0-9+.-]*:\/\/)?(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::(?:\d{1,5}|\*))?(?:\/[^\s;,'"]*)?)$/i;

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: optionalUrl(["mysql:", "mariadb:"]),
  /** Connections in the MySQL/MariaDB pool of this instance (mysql2's connectionLimit). */
  DB_POOL_SIZE: z.coerce.number().int().min(2).max(500).default(20),
  /**
   * The longest a unit of work waits on MySQL/MariaDB for a row lock or for a pooled connection (on
   * SQLite, for its turn on the one connection), in seconds; past it the request is answered
   * SERVICE_BUSY (HTTP 503, retry) instead of hanging.
   */
  DB_WAIT_SECONDS: z.coerce.number().int().min(1).max(120).default(10),
  /**
   * The longest one MySQL/MariaDB statement may go unanswered (a partitioned server, a connection that
   * went silent), in seconds; then its connection is dropped and the request answered SERVICE_BUSY.
   * Never less than DB_WAIT_SECONDS + 2 (a lock wait must end first, as a lock wait).
   */
  DB_QUERY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  PUBLIC_URL: optionalUrl(["http:", "https:"]),
  JWT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  REDIS_URL: optionalUrl(["redis:", "rediss:"]),
  /** The longest a Redis command (a rate-limit count) may go unanswered, in milliseconds; then this instance counts on its own. */
  REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(50).max(60000).default(1000),
  SMTP_URL: optionalUrl(["smtp:", "smtps:"]),
  MAIL_FROM: z.string().min(3).default("Skill Exchange <no-reply@skill-exchange.local>"),
  /** SMTP bounds (nodemailer's connectionTimeout, greetingTimeout, socketTimeout): a stuck server costs one send this long. */
  SMTP_CONNECT_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(10),
  SMTP_GREETING_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(10),
  SMTP_SOCKET_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  CONTACT_TO: z.string().email().optional(),
  CLOUDINARY_URL: optionalUrl(["cloudinary:"]),
  RAZORPAY_KEY_ID: z.string().min(1).optional(),
  RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** How long an order creation at Razorpay may take before the student is answered SERVICE_BUSY. */
  RAZORPAY_TIMEOUT_SECONDS: z.coerce.number().min(1).max(120).default(15),
  COLLEGE_EMAIL_DOMAIN: z
    .string()
    .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i, "must be a domain such as psgtech.ac.in")
    .default("psgtech.ac.in"),
  /** Students who are operators (moderation console), by their verified college address: comma-separated. */
  OPERATOR_EMAILS: z
    .string()
    .transform((v) =>
      v
        .split(",")
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((list) => list.every((e) => /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/.test(e) && e.length <= 254), {
      message: "must be email addresses separated by commas",
    })
    .optional(),
  DEMO_DATA: z.enum(["on", "off"]).default("on"),
  E2E_HOOKS: z.enum(["on", "off"]).default("off"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** How often (seconds) this instance looks for due scheduled jobs; 0 turns the timer off (tests call runDue). */
  JOBS_TICK_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** How long a running job's lease lasts unless renewed (it is renewed every third of it): a dead instance's job is taken over after it. */
  JOBS_LEASE_SECONDS: z.coerce.number().min(1).max(86400).default(30),
  /** The hour (UTC, 0-23) the daily notification digest goes out. */
  MAIL_DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(7),
  /** Days a swap or pay request may stay unanswered before it expires. */
  REQUEST_EXPIRY_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  /** Seconds between the outbox worker's polls for due mails (each commit also nudges it); 0 turns the timer off. */
  OUTBOX_POLL_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** How long a worker's claim of an outbox row lasts unless renewed (every third of it while its batch runs): a dead instance's rows are taken over after it. */
  OUTBOX_LEASE_SECONDS: z.coerce.number().int().min(1).max(86400).default(30),
  /** The first retry's delay after a refused delivery; each next one doubles (with jitter) up to OUTBOX_RETRY_MAX_SECONDS. */
  OUTBOX_RETRY_SECONDS: z.coerce.number().int().min(1).max(86400).default(30),
  OUTBOX_RETRY_MAX_SECONDS: z.coerce.number().int().min(1).max(86400).default(3600),
  /** Hours after which an undelivered outbox row is given up (marked failed, logged at error level). */
  OUTBOX_GIVE_UP_HOURS: z.coerce
    .number()
    .min(0.001)
    .max(24 * 60)
    .default(48),
  /** Days sent outbox rows are kept (then pruned). */
  OUTBOX_KEEP_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  /** The longest a SIGTERM'd server takes to stop gracefully before it exits anyway (seconds). */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(25),
  /** Overrides of the built-in rate limits: `login_account=10/900,register_ip=30/3600` (points/seconds). */
  RATE_LIMITS: z
    .string()
    .regex(/^[a-z_]+=\d+\/\d+(,[a-z_]+=\d+\/\d+)*$/, "must look like login_account=10/900,register_ip=30/3600")
    .optional(),
  /**
   * Overrides of the request budgets of /api and /graphql per caller class (shared/request-budgets.ts):
   * `anonymous=1200/60,key=3000/60,student=600/60` (requests/seconds). A sibling of RATE_LIMITS, so a
   * build that predates the budgets ignores it.
   */
  API_RATE_LIMITS: z
    .string()
    .regex(/^[a-z_]+=\d+\/\d+(,[a-z_]+=\d+\/\d+)*$/, "must look like anonymous=1200/60,student=600/60")
    .optional(),
  /** Web Push (VAPID, RFC 8292): the application server's P-256 key pair, base64url (raw public point, private scalar). */
  VAPID_PUBLIC_KEY: z
    .string()
    .refine(
      (v) => isBase64Url(v, 65) && Buffer.from(v, "base64url")[0] === 4,
      "must be a base64url uncompressed P-256 public key (65 bytes)",
    )
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .refine((v) => isBase64Url(v, 32), "must be a base64url P-256 private key (32 bytes)")
    .optional(),
  /** Who push services may contact about our pushes: a mailto: or https: URL. */
  VAPID_SUBJECT: z
    .string()
    .refine((v) => /^(mailto:[^\s@]+@[^\s@]+|https:\/\/[^\s]+)$/.test(v), "must be a mailto: address or an https: URL")
    .optional(),
  /** Tests and local development only: accept push endpoints on http://127.0.0.1 (a stand-in push service). */
  PUSH_LOCAL_ENDPOINTS: z.enum(["on", "off"]).default("off"),
  /** Whose X-Forwarded-For is believed (Fastify's trustProxy): `loopback`, or the reverse proxies' addresses/subnets, comma-separated. */
  TRUST_PROXY: z.string().min(1).default("loopback"),
  /**
   * Who may put the embeddable leaderboard (/embed/leaderboard) in a frame: CSP `frame-ancestors` sources,
   * separated by spaces or commas (`https://college.edu https://*.college.edu`); `'none'` forbids it.
   */
  EMBED_FRAME_ANCESTORS: z
    .string()
    .transform((v) => v.split(/[\s,]+/).filter(Boolean))
    .refine((list) => list.length > 0 && list.every((s) => FRAME_SOURCE.test(s)), {
      message: "must be * or CSP sources such as https://college.edu, separated by spaces",
    })
    .refine((list) => !list.includes("'none'") || list.length === 1, { message: "'none' must be the only source" })
    .optional(),
  /** Prometheus metrics on their own listener (0: any free port); unset with METRICS_TOKEN unset: no metrics at all. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The address the metrics listener binds (default 127.0.0.1; 0.0.0.0 for a scraper in another container). */
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  /** A bearer token for /metrics: on the main port when METRICS_PORT is unset, and on the metrics port too when set. */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
});

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  dataDir: string;
  database:
    | { kind: "sqlite"; file: string; waitSeconds?: number }
    | { kind: "mysql"; url: string; poolSize?: number; waitSeconds?: number; querySeconds?: number };
  publicUrl: string;
  jwtSecret: string;
  redisUrl?: string;
  /** REDIS_COMMAND_TIMEOUT_MS: the bound of each Redis command of the rate limits (ioredis `commandTimeout`). */
  redisCommandTimeoutMs?: number;
  smtpUrl?: string;
  mailFrom: string;
  /** SMTP connection, greeting and inactivity bounds in ms (shared/mail.ts). */
  smtpTimeouts: { connectMs: number; greetingMs: number; socketMs: number };
  contactTo: string;
  cloudinaryUrl?: string;
  razorpay?: { keyId: string; keySecret: string; webhookSecret?: string; timeoutSeconds: number };
  razorpayWebhookSecret?: string;
  collegeEmailDomain: string;
  /** Operators named by configuration (lower-cased addresses); more can be granted with `npm run operator`. */
  operatorEmails: string[];
  demoData: boolean;
  logLevel: string;
  /** Browser tests only: lets them move the server clock. Refused in production. */
  e2eHooks: boolean;
  /** Seconds between scheduled-job ticks (0: no timer). */
  jobsTickSeconds: number;
  /** A running job's lease (renewed every third of it), in seconds. */
  jobsLeaseSeconds: number;
  /** UTC hour of the daily notification digest. */
  mailDigestHour: number;
  /** Days an unanswered (pending) swap or pay request lives before the expiry job ends it. */
  requestExpiryDays: number;
  /** The durable outbox (mail, push): poll, lease, backoff, give-up and retention (shared/outbox.ts). */
  outbox: {
    pollSeconds: number;
    leaseSeconds: number;
    retrySeconds: number;
    retryMaxSeconds: number;
    giveUpHours: number;
    keepDays: number;
    /** How long a stop waits for the send in flight before giving its batch's rows back (a part of the shutdown bound). */
    stopGraceSeconds: number;
  };
  /** Bound of a graceful stop (SIGTERM) before the process exits anyway. */
  shutdownTimeoutSeconds: number;
  /** Rate-limit overrides by name (see shared/rate-limit.ts for the names and defaults). */
  rateLimits: Record<string, { points: number; durationSeconds: number }>;
  /** Request-budget overrides by caller class (see shared/request-budgets.ts for the classes and defaults). */
  apiRateLimits: Record<string, { points: number; durationSeconds: number }>;
  /** Web Push: the VAPID key pair and subject, and whether http://127.0.0.1 endpoints are accepted (tests). */
  push: { publicKey: string; privateKey: string; subject: string; allowLocalEndpoints: boolean };
  /**
   * Prometheus metrics (server/metrics.ts): off unless METRICS_PORT or METRICS_TOKEN is set. `port`: served on
   * their own listener at `host`; else `/metrics` on the main port. `token`: a bearer token `/metrics` requires.
   */
  metrics?: { port?: number; host: string; token?: string };
  /** CSP `frame-ancestors` of the embeddable leaderboard: who may frame it (default `*`: any site). */
  embedFrameAncestors: string[];
  /** Fastify's trustProxy: whose X-Forwarded-For decides a request's client address (rate limits per address). */
  trustProxy: string;
}

/** `name=points/seconds,...` (already matched by the schema's pattern) by name. */
function limitRules(value: string | undefined): Record<string, { points: number; durationSeconds: number }> {
  return Object.fromEntries(
    (value ? value.split(",") : []).map((rule) => {
      const [name, spec] = rule.split("=");
      const [points, durationSeconds] = spec.split("/").map(Number);
      return [name, { points, durationSeconds }];
    }),
  );
}

/** Parses the environment once. Every other module receives the typed result. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== "")));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid ${issue.path.join(".")}: ${issue.message}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });

  if ((e.RAZORPAY_KEY_ID === undefined) !== (e.RAZORPAY_KEY_SECRET === undefined)) {
    throw new ConfigError("Invalid RAZORPAY_KEY_SECRET: RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET must be set together");
  }
  if (e.E2E_HOOKS === "on" && e.NODE_ENV === "production") {
    throw new ConfigError("Invalid E2E_HOOKS: must be off when NODE_ENV=production");
  }
  let jwtSecret = e.JWT_SECRET;
  if (!jwtSecret) {
    // A shared database means several instances may serve it: they must share one secret.
    if (e.NODE_ENV === "production" && e.DATABASE_URL) {
      throw new ConfigError("Invalid JWT_SECRET: required when NODE_ENV=production with DATABASE_URL");
    }
    // The embedded default (one process on its own SQLite file), in development or production:
    // one secret generated on first start and kept under DATA_DIR, so sessions survive restarts.
    const file = path.join(dataDir, "jwt-secret");
    if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString("base64url"), { mode: 0o600 });
    jwtSecret = readFileSync(file, "utf8").trim();
  }
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined)) {
    throw new ConfigError("Invalid VAPID_PRIVATE_KEY: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together");
  }
  if (!e.VAPID_PUBLIC_KEY && e.NODE_ENV === "production" && e.DATABASE_URL) {
    // Browsers subscribe with the public key: every instance sharing the devices must sign with its pair.
    throw new ConfigError("Invalid VAPID_PUBLIC_KEY: required when NODE_ENV=production with DATABASE_URL");
  }
  if (e.PUSH_LOCAL_ENDPOINTS === "on" && e.NODE_ENV === "production") {
    throw new ConfigError("Invalid PUSH_LOCAL_ENDPOINTS: must be off when NODE_ENV=production");
  }
  const vapid =
    e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : vapidKeysIn(dataDir);
  const port = e.PORT;
  return {
    env: e.NODE_ENV,
    port,
    dataDir,
    database: e.DATABASE_URL
      ? {
          kind: "mysql",
          url: e.DATABASE_URL,
          poolSize: e.DB_POOL_SIZE,
          waitSeconds: e.DB_WAIT_SECONDS,
          querySeconds: e.DB_QUERY_SECONDS,
        }
      : { kind: "sqlite", file: path.join(dataDir, "skill-exchange.sqlite"), waitSeconds: e.DB_WAIT_SECONDS },
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ""),
    jwtSecret,
    redisUrl: e.REDIS_URL,
    redisCommandTimeoutMs: e.REDIS_COMMAND_TIMEOUT_MS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    smtpTimeouts: {
      connectMs: e.SMTP_CONNECT_TIMEOUT_SECONDS * 1000,
      greetingMs: e.SMTP_GREETING_TIMEOUT_SECONDS * 1000,
      socketMs: e.SMTP_SOCKET_TIMEOUT_SECONDS * 1000,
    },
    contactTo: e.CONTACT_TO ?? "team@skill-exchange.local",
    cloudinaryUrl: e.CLOUDINARY_URL,
    razorpay:
      e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET
        ? {
            keyId: e.RAZORPAY_KEY_ID,
            keySecret: e.RAZORPAY_KEY_SECRET,
            webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
            timeoutSeconds: e.RAZORPAY_TIMEOUT_SECONDS,
          }
        : undefined,
    razorpayWebhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
    collegeEmailDomain: e.COLLEGE_EMAIL_DOMAIN.toLowerCase(),
    operatorEmails: e.OPERATOR_EMAILS ?? [],
    demoData: e.DEMO_DATA === "on",
    logLevel: e.LOG_LEVEL,
    e2eHooks: e.E2E_HOOKS === "on",
    jobsTickSeconds: e.JOBS_TICK_SECONDS,
    jobsLeaseSeconds: e.JOBS_LEASE_SECONDS,
    mailDigestHour: e.MAIL_DIGEST_HOUR,
    requestExpiryDays: e.REQUEST_EXPIRY_DAYS,
    trustProxy: e.TRUST_PROXY,
    embedFrameAncestors: e.EMBED_FRAME_ANCESTORS ?? ["*"],
    metrics:
      e.METRICS_PORT !== undefined || e.METRICS_TOKEN !== undefined
        ? { port: e.METRICS_PORT, host: e.METRICS_HOST, token: e.METRICS_TOKEN }
        : undefined,
    outbox: {
      pollSeconds: e.OUTBOX_POLL_SECONDS,
      leaseSeconds: e.OUTBOX_LEASE_SECONDS,
      retrySeconds: e.OUTBOX_RETRY_SECONDS,
      retryMaxSeconds: Math.max(e.OUTBOX_RETRY_SECONDS, e.OUTBOX_RETRY_MAX_SECONDS),
      giveUpHours: e.OUTBOX_GIVE_UP_HOURS,
      keepDays: e.OUTBOX_KEEP_DAYS,
      stopGraceSeconds: Math.min(5, e.SHUTDOWN_TIMEOUT_SECONDS / 4),
    },
    shutdownTimeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS,
    rateLimits: limitRules(e.RATE_LIMITS),
    apiRateLimits: limitRules(e.API_RATE_LIMITS),
    push: {
      ...vapid,
      subject: e.VAPID_SUBJECT ?? `mailto:${(/<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM).trim()}`,
      allowLocalEndpoints: e.PUSH_LOCAL_ENDPOINTS === "on",
    },
  };
}
