import type { DataSource } from "typeorm";
import { skillCoinMirrors } from "../accounts/user-reads.js";
import { CoinAccount, CoinEntry, CoinTransfer } from "./ledger.entity.js";

/**
 * Checks the ledger's books; returns what is wrong (empty when all is well). Used by the test
 * suites after they run; an operator can run it against a copy of production.
 * - every transfer has exactly one debit and one credit of its amount (debits = credits);
 * - all entries sum to zero;
 * - every account's balance equals the sum of its entries, and no student or escrow is negative;
 * - replaying an account's entries in order gives each recorded balance-after;
 * - every student's users.skillCoins (the leaderboard's copy) equals their account balance.
 */
export async function checkLedgerInvariants(ds: DataSource): Promise<string[]> {
  const problems: string[] = [];
  const num = (v: unknown) => Number(v ?? 0);

  const total = await ds.getRepository(CoinEntry).createQueryBuilder("e").select("COALESCE(SUM(e.amount), 0)", "s").getRawOne();
  if (num(total?.s) !== 0) problems.push(`all entries sum to ${num(total?.s)}, not 0`);

  const unbalanced = await ds
    .getRepository(CoinTransfer)
    .createQueryBuilder("t")
    .leftJoin(CoinEntry, "e", "e.transferId = t.id")
    .select("t.key", "key")
    .addSelect("t.amount", "amount")
    .addSelect("COUNT(e.id)", "n")
    .addSelect("COALESCE(SUM(e.amount), 0)", "s")
    .addSelect("COALESCE(SUM(CASE WHEN e.amount > 0 THEN e.amount ELSE 0 END), 0)", "credits")
    .groupBy("t.id")
    .addGroupBy("t.key")
    .addGroupBy("t.amount")
    .having(
      "COUNT(e.id) <> 2 OR COALESCE(SUM(e.amount), 0) <> 0 OR COALESCE(SUM(CASE WHEN e.amount > 0 THEN e.amount ELSE 0 END), 0) <> t.amount",
    )
    .getRawMany();
  for (const t of unbalanced)
    problems.push(`transfer ${t.key}: ${num(t.n)} entries summing to ${num(t.s)}, credits ${num(t.credits)} of ${num(t.amount)}`);

  const accounts = await ds
    .getRepository(CoinAccount)
    .createQueryBuilder("a")
    .leftJoin(CoinEntry, "e", "e.accountId = a.id")
    .select("a.id", "id")
    .addSelect("a.balance", "balance")
    .addSelect("a.mayGoNegative", "mayGoNegative")
    .addSelect("COALESCE(SUM(e.amount), 0)", "s")
    .addSelect("MIN(e.balanceAfter)", "minAfter")
    .groupBy("a.id")
    .addGroupBy("a.balance")
    .addGroupBy("a.mayGoNegative")
    .getRawMany();
  const balances = new Map<string, number>();
  for (const a of accounts) {
    balances.set(a.id, num(a.balance));
    if (num(a.balance) !== num(a.s)) problems.push(`account ${a.id}: balance ${num(a.balance)} but entries sum to ${num(a.s)}`);
    const mayGoNegative = a.mayGoNegative === true || num(a.mayGoNegative) === 1;
    if (!mayGoNegative && (num(a.balance) < 0 || (a.minAfter !== null && num(a.minAfter) < 0))) {
      problems.push(`account ${a.id} went below zero (balance ${num(a.balance)}, lowest ${num(a.minAfter)})`);
    }
  }

  // Replaying each account's entries in seq order must give every recorded balanceAfter.
  const all = await ds
    .getRepository(CoinEntry)
    .find({ select: { accountId: true, seq: true, amount: true, balanceAfter: true }, order: { accountId: "ASC", seq: "ASC" } });
  let prev: { accountId: string; seq: number; running: number } | undefined;
  for (const e of all) {
    const running = (prev?.accountId === e.accountId ? prev.running : 0) + e.amount;
    const expectedSeq = prev?.accountId === e.accountId ? prev.seq + 1 : 1;
    if (e.seq !== expectedSeq) problems.push(`account ${e.accountId}: entry seq ${e.seq}, expected ${expectedSeq}`);
    if (e.balanceAfter !== running)
      problems.push(`account ${e.accountId} entry ${e.seq}: balanceAfter ${e.balanceAfter}, replay gives ${running}`);
    prev = { accountId: e.accountId, seq: e.seq, running };
  }

  const orphan = await ds
    .getRepository(CoinEntry)
    .createQueryBuilder("e")
    .leftJoin(CoinAccount, "a", "a.id = e.accountId")
    .where("a.id IS NULL")
    .select("e.accountId", "id")
    .getRawMany();
  for (const o of orphan) problems.push(`entries for missing account ${o.id}`);

  const mirrors = await skillCoinMirrors(ds);
  for (const u of mirrors) {
    const expected = balances.get(u.id) ?? 0;
    if (num(u.coins) !== expected) problems.push(`user ${u.id}: users.skillCoins ${num(u.coins)} but ledger balance ${expected}`);
  }
  return problems;
}
