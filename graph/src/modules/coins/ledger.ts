import type { EntityManager } from "typeorm";
import { isUniqueViolation } from "../../db/transaction.js";
import { badInput, conflict } from "../../shared/errors.js";
import { newId } from "../../shared/ids.js";
import { userColumnsWriter } from "../accounts/user-columns.js";
import { type AccountKind, CoinAccount, CoinEntry, CoinTransfer, HoldState, SYSTEM_ACCOUNTS, type TransferKind } from "./ledger.entity.js";

/** users.skillCoins: the coins module's column, kept equal to the account balance. */
const balanceMirror = userColumnsWriter("coins");

/** Per transaction: the students whose balance (users.skillCoins) it moved. */
const moved = new WeakMap<EntityManager, Set<string>>();

/** The students whose balance a transfer in `em` moved so far (the leaderboard re-reads their rows). */
export function studentsMovedIn(em: EntityManager): string[] {
  return [...(moved.get(em) ?? [])];
}

/** The largest single movement the ledger accepts; balances stay far inside a 32-bit int. */
export const MAX_TRANSFER_COINS = 1_000_000;
export const NOT_ENOUGH_COINS = "You do not have enough skill coins";

export interface TransferSpec {
  /** Business key: unique per movement, so a retried call finds the first one instead of moving twice. */
  key: string;
  kind: TransferKind;
  amount: number;
  from: string;
  to: string;
  /** Who each side sees as the other party in its history. */
  fromCounterpart: string;
  toCounterpart: string;
  beneficiaryId?: string;
  holdState?: "held";
  memo?: string;
  /** Message when the source lacks the coins (defaults to NOT_ENOUGH_COINS). */
  shortMessage?: string;
}

export interface TransferOutcome {
  transfer: CoinTransfer;
  /** false when the key had already been used: nothing moved this time. */
  created: boolean;
  /** The entries this call wrote (none when `created` is false). */
  entries: CoinEntry[];
}

const SYSTEM_KIND: Record<string, AccountKind> = {
  [SYSTEM_ACCOUNTS.purchases]: "purchases",
  [SYSTEM_ACCOUNTS.rewards]: "rewards",
  [SYSTEM_ACCOUNTS.escrow]: "escrow",
  [SYSTEM_ACCOUNTS.closed]: "closed",
};
const isSystem = (id: string) => id in SYSTEM_KIND;

export function assertCoinAmount(coins: unknown, max = MAX_TRANSFER_COINS): number {
  if (typeof coins !== "number" || !Number.isSafeInteger(coins) || coins < 1 || coins > max) {
    throw badInput(`Skill coins must be a whole number between 1 and ${max}`);
  }
  return coins;
}

/**
 * Moves `amount` coins in the caller's transaction `em`: one transfer row, a debit entry and a
 * credit entry (so debits = credits). The debit is a conditional UPDATE (`balance >= amount`), so
 * no interleaving of concurrent transfers can take a student or escrow below zero; accounts are
 * touched in id order so two transfers never wait on each other in a cycle.
 */
export async function transfer(em: EntityManager, spec: TransferSpec, now: Date): Promise<TransferOutcome> {
  assertCoinAmount(spec.amount);
  if (spec.from === spec.to) throw badInput("Coins cannot move to the same account");
  const transfers = em.getRepository(CoinTransfer);
  const previous = await transfers.findOne({ where: { key: spec.key } });
  if (previous) return { transfer: sameAs(previous, spec), created: false, entries: [] };

  const row = transfers.create({
    id: newId(),
    key: spec.key,
    kind: spec.kind,
    amount: spec.amount,
    fromAccountId: spec.from,
    toAccountId: spec.to,
    beneficiaryId: spec.beneficiaryId ?? null,
    holdState: spec.holdState ?? null,
    memo: spec.memo ?? null,
    createdAt: now,
  });
  try {
    // Claims the key first: a concurrent call with the same key waits here on the unique index
    // and then sees the winner's row (or proceeds, if the winner rolled back).
    await transfers.insert(row);
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    const winner = await transfers.findOne({ where: { key: spec.key } });
    if (!winner) throw e;
    return { transfer: sameAs(winner, spec), created: false, entries: [] };
  }

  const legs = [
    { account: spec.from, delta: -spec.amount, counterpart: spec.fromCounterpart },
    { account: spec.to, delta: spec.amount, counterpart: spec.toCounterpart },
  ].sort((a, b) => (a.account < b.account ? -1 : 1));
  const entries: CoinEntry[] = [];
  for (const leg of legs) {
    const { balanceAfter, seq } = await move(em, leg.account, leg.delta, now, spec.shortMessage ?? NOT_ENOUGH_COINS);
    entries.push(
      em.getRepository(CoinEntry).create({
        id: newId(),
        transferId: row.id,
        accountId: leg.account,
        seq,
        kind: spec.kind,
        amount: leg.delta,
        balanceAfter,
        counterpartId: leg.counterpart,
        memo: spec.memo ?? null,
        createdAt: now,
      }),
    );
  }
  await em.getRepository(CoinEntry).insert(entries);
  return { transfer: row, created: true, entries };
}

/** A reused key must describe the same movement; anything else is a caller bug worth surfacing. */
function sameAs(previous: CoinTransfer, spec: TransferSpec): CoinTransfer {
  if (
    previous.kind !== spec.kind ||
    previous.amount !== spec.amount ||
    previous.fromAccountId !== spec.from ||
    previous.toAccountId !== spec.to
  ) {
    throw conflict("This payment was already recorded with different details");
  }
  return previous;
}

/** Applies delta to one account; returns its balance and entry number afterwards (we hold its row lock until commit). */
async function move(
  em: EntityManager,
  accountId: string,
  delta: number,
  now: Date,
  shortMessage: string,
): Promise<{ balanceAfter: number; seq: number }> {
  const system = isSystem(accountId);
  // Only the two sources run negative; escrow and the closed-accounts sink never do.
  const mayGoNegative = system && (SYSTEM_KIND[accountId] === "purchases" || SYSTEM_KIND[accountId] === "rewards");
  const update = () => {
    const q = em
      .createQueryBuilder()
      .update(CoinAccount)
      .set({ balance: () => `balance + (${delta})`, entryCount: () => "entryCount + 1" })
      .where("id = :id", { id: accountId });
    if (delta < 0 && !mayGoNegative) q.andWhere("balance >= :need", { need: -delta });
    return q.execute();
  };
  let affected = (await update()).affected ?? 0;
  // Not enough coins, or no account yet (balance 0): nothing moved, and the transaction rolls back.
  // The reason lets a client offer the way forward (buying coins) whatever the message says.
  if (affected === 0 && delta < 0 && !mayGoNegative) throw badInput(shortMessage, { reason: "NOT_ENOUGH_COINS" });
  if (affected === 0) {
    await em
      .createQueryBuilder()
      .insert()
      .into(CoinAccount)
      .values({ id: accountId, kind: system ? SYSTEM_KIND[accountId] : "user", balance: 0, entryCount: 0, mayGoNegative, createdAt: now })
      .orIgnore()
      .execute();
    affected = (await update()).affected ?? 0;
    if (affected === 0) throw new Error(`coin account ${accountId} could not be created`);
  }
  if (!system) {
    // The leaderboard reads users.skillCoins through an index; the ledger keeps it in step here.
    await balanceMirror.add(em, accountId, "skillCoins", delta);
    let students = moved.get(em);
    if (!students) moved.set(em, (students = new Set()));
    students.add(accountId);
  }
  const after = await em
    .getRepository(CoinAccount)
    .findOne({ where: { id: accountId }, select: { id: true, balance: true, entryCount: true } });
  return { balanceAfter: after!.balance, seq: after!.entryCount };
}

/** Coins learners have paid `beneficiaryId` that are still held (until the course finishes, or refunded). */
export async function heldFor(em: EntityManager, beneficiaryId: string): Promise<number> {
  const row = await em
    .getRepository(CoinTransfer)
    .createQueryBuilder("t")
    .select("COALESCE(SUM(t.amount), 0)", "held")
    .where("t.beneficiaryId = :beneficiaryId AND t.holdState = :held", { beneficiaryId, held: HoldState.HELD })
    .getRawOne<{ held: number | string }>();
  return Number(row?.held ?? 0);
}

export async function balanceOf(em: EntityManager, accountId: string): Promise<number> {
  const row = await em.getRepository(CoinAccount).findOne({ where: { id: accountId }, select: { id: true, balance: true } });
  return row?.balance ?? 0;
}
