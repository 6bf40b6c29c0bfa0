import { createHash, randomBytes } from "node:crypto";
import { type EntityManager, IsNull, LessThanOrEqual, Or } from "typeorm";
import { API_KEY_MESSAGES as M, API_KEY_NAME_MAX, API_KEY_PREFIX, MAX_API_KEYS } from "../../../../common/api-keys.js";
import { positionalQuery, lockRow, readDate } from "../../db/sql.js";
import { afterCommit } from "../../db/transaction.js";
import type { Deps } from "../../shared/deps.js";
import { badInput, conflict, emailNotVerified, notFound } from "../../shared/errors.js";
import { newId } from "../../shared/ids.js";
import type { ApiKeyCaller } from "../../kit/context.js";
import { ApiKey } from "./api-key.entity.js";
import type { ApiKeysRevoked } from "./api-key-events.js";
import { User } from "./user.entity.js";

/** A key as its owner sees it in the list (never the secret, never its hash). */
export interface ApiKeyView {
  id: string;
  name: string;
  /** The secret's first characters, to tell keys apart. */
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/** What a door learns from a `sxk_` bearer: the caller, or why the key does not work. */
export type ApiKeyCheck = { caller: ApiKeyCaller; refusal?: undefined } | { caller?: undefined; refusal: string };

/** `lastUsedAt` is a rough "is this key still in use" for the list: one write a minute per key, not one per request. */
const LAST_USED_EVERY_MS = 60_000;

/** How much of the secret the list shows: the prefix and 6 random characters (36 bits: tells keys apart, guesses nothing). */
const SHOWN_CHARS = API_KEY_PREFIX.length + 6;

/**
 * The secret is 32 random bytes: nobody can guess it or search for it by brute force, so a fast
 * hash suffices to keep a leaked table from being a list of working keys. A slow password hash
 * (bcrypt, scrypt) only defends low-entropy secrets, and would cost every request made with a key.
 */
const hashOf = (secret: string) => createHash("sha256").update(secret).digest("hex");

/**
 * Read-only API keys for integrators: a signed-in student creates, lists and revokes their own;
 * every request made with one is checked here against the database (a unique-index read, no
 * cache), so a revoked key, or one whose owner was deleted or is suspended, is refused on its next
 * request on every instance. What a key may do (public reads only) is enforced by the doors and
 * `requireUser` (kit/context.ts).
 */
export class ApiKeysService {
  constructor(private readonly deps: Deps) {}

  private keys(db: EntityManager) {
    return db.getRepository(ApiKey);
  }

  private get pool(): EntityManager {
    return this.deps.dataSource.manager;
  }

  /** Creates a key for `ownerId`; the secret is in the answer and nowhere else, ever. */
  async create(ownerId: string, name: unknown): Promise<{ key: ApiKeyView; secret: string }> {
    const clean = cleanName(name);
    const secret = API_KEY_PREFIX + randomBytes(32).toString("base64url");
    const now = this.deps.clock.now();
    const row: ApiKey = {
      id: newId(),
      ownerId,
      name: clean,
      prefix: secret.slice(0, SHOWN_CHARS),
      secretHash: hashOf(secret),
      createdAt: now,
      lastUsedAt: null,
      revokedAt: null,
    };
    await this.deps.tx(async (em) => {
      // The owner's row first: two keys created at once are counted one after the other.
      await lockRow(em, User, ownerId);
      const owner = await em
        .getRepository(User)
        .findOne({ where: { id: ownerId }, select: { id: true, emailVerifiedAt: true, deletedAt: true } });
      if (!owner || owner.deletedAt) throw notFound("User not found");
      // An unverified account reaches nothing of other students'; neither do keys made from it.
      if (!owner.emailVerifiedAt) throw emailNotVerified();
      if ((await this.keys(em).count({ where: { ownerId, revokedAt: IsNull() } })) >= MAX_API_KEYS) throw conflict(M.tooMany);
      await this.keys(em).insert(row);
    });
    return { key: toView(row), secret };
  }

  /** The owner's working keys, newest first (at most MAX_API_KEYS: the cap bounds the list). */
  async list(ownerId: string): Promise<ApiKeyView[]> {
    const rows = await this.keys(this.pool).find({
      where: { ownerId, revokedAt: IsNull() },
      order: { createdAt: "DESC", id: "DESC" },
      take: MAX_API_KEYS,
    });
    return rows.map(toView);
  }

  /**
   * Revokes one of the owner's keys: its next request is refused, and a socket open with it closes
   * (on every instance, once this commits). Revoking a revoked key again answers it as it is;
   * NOT_FOUND for any id that is not the owner's.
   */
  async revoke(ownerId: string, id: unknown): Promise<ApiKeyView> {
    if (typeof id !== "string" || id.length > 36) throw notFound(M.notFound);
    const now = this.deps.clock.now();
    const row = await this.deps.tx(async (em) => {
      const key = await this.keys(em).findOne({ where: { id, ownerId } });
      if (!key) throw notFound(M.notFound);
      if (key.revokedAt) return key;
      await this.keys(em).update({ id, revokedAt: IsNull() }, { revokedAt: now });
      const event: ApiKeysRevoked = { keyIds: [id] };
      afterCommit(em, () => this.deps.pubsub.publish("API_KEYS_REVOKED", ownerId, event));
      return { ...key, revokedAt: now };
    });
    return toView(row);
  }

  /**
   * The caller a `sxk_` secret stands for. Run by every request made with a key: one read through
   * the hash's unique index, joined to the owner's row for their standing. A key works while it is
   * not revoked and its owner exists (not deleted) and is not suspended now.
   */
  async authenticate(secret: string): Promise<ApiKeyCheck> {
    const [row] = await positionalQuery<{ id: string; ownerId: string; lastUsedAt: unknown; suspendedUntil: unknown }>(
      this.pool,
      "SELECT k.id AS id, k.ownerId AS ownerId, k.lastUsedAt AS lastUsedAt, u.suspendedUntil AS suspendedUntil " +
        "FROM api_keys k JOIN users u ON u.id = k.ownerId WHERE k.secretHash = ? AND k.revokedAt IS NULL AND u.deletedAt IS NULL",
      [hashOf(secret)],
    );
    if (!row) return { refusal: M.invalid };
    const now = this.deps.clock.now();
    if (row.suspendedUntil != null && readDate(row.suspendedUntil).getTime() > now.getTime()) return { refusal: M.ownerSuspended };
    const last = row.lastUsedAt == null ? null : readDate(row.lastUsedAt);
    if (!last || now.getTime() - last.getTime() >= LAST_USED_EVERY_MS) await this.touch(row.id, now);
    return { caller: { id: row.id, ownerId: row.ownerId } };
  }

  /**
   * Records the use; conditional, so instances that read the same stale time write it once. A
   * failed write loses only this minute's mark: the request it belongs to still goes on.
   */
  private async touch(id: string, now: Date): Promise<void> {
    const since = new Date(now.getTime() - LAST_USED_EVERY_MS);
    try {
      await this.deps.tx((em) => this.keys(em).update({ id, lastUsedAt: Or(IsNull(), LessThanOrEqual(since)) }, { lastUsedAt: now }));
    } catch (err) {
      this.deps.logger.warn({ err, keyId: id }, "could not record an API key's use");
    }
  }

  // ---- a student's own data ------------------------------------------------------------------

  /** The keys (name, shown prefix, times; never a hash), revoked ones included. */
  async exportFor(ownerId: string): Promise<Array<Omit<ApiKeyView, "id">>> {
    const rows = await this.keys(this.pool).find({ where: { ownerId }, order: { createdAt: "ASC", id: "ASC" } });
    return rows.map(({ name, prefix, createdAt, lastUsedAt, revokedAt }) => ({ name, prefix, createdAt, lastUsedAt, revokedAt }));
  }

  /** A deleted student's keys go, in the deletion's transaction; their open sockets close once it commits. */
  async deleteAllOf(em: EntityManager, ownerId: string): Promise<void> {
    await this.keys(em).delete({ ownerId });
    const event: ApiKeysRevoked = { keyIds: null };
    afterCommit(em, () => this.deps.pubsub.publish("API_KEYS_REVOKED", ownerId, event));
  }
}

function cleanName(name: unknown): string {
  const clean = typeof name === "string" ? name.trim() : "";
  if (!clean) throw badInput(M.nameRequired, { field: "name" });
  if (clean.length > API_KEY_NAME_MAX) throw badInput(M.nameTooLong, { field: "name" });
  return clean;
}

function toView(r: ApiKey): ApiKeyView {
  return { id: r.id, name: r.name, prefix: r.prefix, createdAt: r.createdAt, lastUsedAt: r.lastUsedAt, revokedAt: r.revokedAt };
}
