import type { EntityManager } from "typeorm";
import { notFound } from "../../shared/errors.js";
import { User } from "./user.entity.js";

/**
 * Who writes each column of `users`. The accounts module owns the table (rows are created,
 * anonymised and read for sign-in here); two groups of columns belong to other modules, which
 * write them only through their own `UserColumnsWriter` (no other module imports the entity):
 * - profiles: what a student fills in on the profile form (gender, picture, price per lesson, days);
 * - coins: `skillCoins`, the ledger's mirror of a student's balance (read through the leaderboard index).
 * A new column must be given an owner here; a test fails otherwise.
 */
export const USER_COLUMN_OWNERS = {
  id: "accounts",
  name: "accounts",
  nameKey: "accounts",
  email: "accounts",
  passwordHash: "accounts",
  tokenVersion: "accounts",
  createdAt: "accounts",
  emailVerifiedAt: "accounts",
  visible: "accounts",
  deletedAt: "accounts",
  suspendedUntil: "accounts",
  suspensionReason: "accounts",
  ratingSum: "accounts",
  ratingCount: "accounts",
  ratingAvg: "accounts",
  gender: "profiles",
  image: "profiles",
  amount: "profiles",
  days: "profiles",
  skillCoins: "coins",
} as const satisfies Record<keyof User, string>;

type Owners = typeof USER_COLUMN_OWNERS;
export type UserColumnOwner = Owners[keyof Owners];
export type UserColumnsOf<O extends UserColumnOwner> = { [K in keyof Owners]: Owners[K] extends O ? K : never }[keyof Owners];
type NumericColumnsOf<O extends UserColumnOwner> = { [K in UserColumnsOf<O>]: User[K] extends number ? K : never }[UserColumnsOf<O>];

/** A module's only way to write `users`: its own columns of one existing row, inside the caller's transaction. */
export interface UserColumnsWriter<O extends UserColumnOwner> {
  /** Sets some of the owner's columns; NOT_FOUND when the row does not exist. */
  set(em: EntityManager, userId: string, values: Partial<Pick<User, UserColumnsOf<O>>>): Promise<void>;
  /** Adds `delta` to one of the owner's numeric columns in one atomic UPDATE; NOT_FOUND when the row does not exist. */
  add(em: EntityManager, userId: string, column: NumericColumnsOf<O>, delta: number): Promise<void>;
}

export function userColumnsWriter<O extends Exclude<UserColumnOwner, "accounts">>(owner: O): UserColumnsWriter<O> {
  const assertOwned = (columns: string[]) => {
    for (const c of columns) {
      const actual = (USER_COLUMN_OWNERS as Record<string, string>)[c];
      if (actual !== owner) throw new Error(`users.${c} is written by the ${actual ?? "no"} module, not ${owner}`);
    }
  };
  return {
    async set(em, userId, values) {
      const columns = Object.keys(values);
      assertOwned(columns);
      if (columns.length === 0) return;
      const res = await em.getRepository(User).update({ id: userId }, values as Partial<User>);
      if (!res.affected) throw notFound("User not found");
    },
    async add(em, userId, column, delta) {
      assertOwned([column]);
      if (!Number.isFinite(delta)) throw new RangeError("delta must be a finite number");
      const res = await em
        .createQueryBuilder()
        .update(User)
        .set({ [column]: () => `${column} + (${Number(delta)})` })
        .where("id = :id", { id: userId })
        .execute();
      if (!res.affected) throw notFound("User not found");
    },
  };
}
