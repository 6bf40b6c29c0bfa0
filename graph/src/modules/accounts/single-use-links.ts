import { createHash, randomBytes } from "node:crypto";
import {
  Column,
  type DataSource,
  type EntityManager,
  type FindOptionsWhere,
  In,
  IsNull,
  MoreThan,
  PrimaryColumn,
  type QueryDeepPartialEntity,
  type Repository,
} from "typeorm";
import { newId } from "../../shared/ids.js";

/**
 * The tokens of links we mail: 32 random bytes (256 bits) in base64url, always 43 characters.
 * Only their SHA-256 is stored, so a database leak gives nobody a working link.
 */
export const newLinkToken = () => randomBytes(32).toString("base64url");

export const hashLinkToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

/** Whether a value can be one of our link tokens at all (checked before any lookup). */
export const isLinkToken = (token: unknown): token is string => typeof token === "string" && /^[A-Za-z0-9_-]{43}$/.test(token);

/**
 * The columns of every table of single-use links we mail (password resets, college-mail
 * verifications). Only the SHA-256 of the token is kept, so a database leak gives nobody a working
 * link; a link is spent once (usedAt) and expires (expiresAt). Each table names its own indexes
 * (SQLite's index names are global to the database), at class level on the entity.
 */
export abstract class SingleUseLinkRow {
  @PrimaryColumn("varchar", { length: 36 })
  id: string;

  @Column("varchar", { length: 36 })
  userId: string;

  /** hex SHA-256 of the token sent by mail. */
  @Column("varchar", { length: 64 })
  tokenHash: string;

  @Column("datetime", { precision: 3 })
  createdAt: Date;

  @Column("datetime", { precision: 3 })
  expiresAt: Date;

  /** Set when the link was used, or when another link of the same student was used or the account released. */
  @Column("datetime", { precision: 3, nullable: true })
  usedAt: Date | null;
}

/** What a table adds to the common columns (the verified address), given when a link is issued. */
type Extra<T extends SingleUseLinkRow> = Omit<T, keyof SingleUseLinkRow>;

/**
 * One table of single-use links: issue, look up by token, spend. Spending is a conditional UPDATE
 * inside the caller's transaction, so of two requests racing with the same link exactly one wins
 * (the loser's UPDATE waits for the winner's row lock on MariaDB and then matches nothing).
 */
export class SingleUseLinks<T extends SingleUseLinkRow> {
  constructor(
    private readonly ds: DataSource,
    private readonly entity: new () => T,
  ) {}

  /** Inside `em`'s transaction: every write goes through here. */
  private repo(em: EntityManager): Repository<T> {
    return em.getRepository(this.entity);
  }

  /** Reads outside a transaction (looking a token up). */
  private reader(): Repository<T> {
    return this.ds.getRepository(this.entity);
  }

  // TypeScript cannot see that a condition or change on the common columns fits every T.
  private where(w: FindOptionsWhere<SingleUseLinkRow>): FindOptionsWhere<T> {
    return w as FindOptionsWhere<T>;
  }

  private spentAt(now: Date): QueryDeepPartialEntity<T> {
    return { usedAt: now } as unknown as QueryDeepPartialEntity<T>;
  }

  /** Stores a new link for `userId` inside `em`, live for `ttlMs` from `now`, and returns its token (to mail; never stored). */
  async issue(userId: string, now: Date, ttlMs: number, extra: Extra<T>, em: EntityManager): Promise<string> {
    const token = newLinkToken();
    const row = {
      ...extra,
      id: newId(),
      userId,
      tokenHash: hashLinkToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + ttlMs),
      usedAt: null,
    };
    await this.repo(em).insert(row as unknown as QueryDeepPartialEntity<T>);
    return token;
  }

  /** The link a token names, spent or not (null for anything that is not one of our tokens). */
  async find(token: unknown): Promise<T | null> {
    if (!isLinkToken(token)) return null;
    return this.reader().findOne({ where: this.where({ tokenHash: hashLinkToken(token) }) });
  }

  /** The link a token names when it is live at `now`: known, unused and not expired. */
  async findLive(token: unknown, now: Date): Promise<T | null> {
    const link = await this.find(token);
    return link && isLive(link, now) ? link : null;
  }

  /**
   * Spends `link` inside `em`'s transaction if it is still live at `now`, and with it every other
   * open link of the same student (one use ends them all). False when it was spent or expired
   * meanwhile: the caller refuses and rolls back.
   */
  async consume(em: EntityManager, link: Pick<T, "id" | "userId">, now: Date): Promise<boolean> {
    const repo = this.repo(em);
    const spent = await repo.update(this.where({ id: link.id, usedAt: IsNull(), expiresAt: MoreThan(now) }), this.spentAt(now));
    if (spent.affected !== 1) return false;
    await this.spendOpen(em, [link.userId], now);
    return true;
  }

  /** Spends every open link of `userIds` inside `em` (a released account's links prove nothing). */
  async spendOpen(em: EntityManager, userIds: readonly string[], now: Date): Promise<void> {
    if (userIds.length === 0) return;
    await this.repo(em).update(this.where({ userId: In([...userIds]), usedAt: IsNull() }), this.spentAt(now));
  }

  /** A deleted student's links go. */
  async forget(em: EntityManager, userId: string): Promise<void> {
    await this.repo(em).delete(this.where({ userId }));
  }
}

/** Whether a link can still be used at `now`. */
export const isLive = (link: Pick<SingleUseLinkRow, "usedAt" | "expiresAt">, now: Date): boolean =>
  !link.usedAt && link.expiresAt.getTime() > now.getTime();
