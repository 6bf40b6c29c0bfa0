import { LessThan } from "typeorm";
import type { Deps } from "../../shared/deps.js";
import { badInput } from "../../shared/errors.js";
import type { UsersService } from "../accounts/users.service.js";
import { CoinEntry, SYSTEM_ACCOUNTS, type TransferKind } from "./ledger.entity.js";

export const HISTORY_MAX_PAGE = 50;

export interface HistoryEntryView {
  id: string;
  createdAt: Date;
  kind: TransferKind;
  /** Signed: negative when coins left the account. */
  amount: number;
  balanceAfter: number;
  /** The other user's id, or null for a purchase/reward. */
  counterpartId: string | null;
  counterpartName: string;
  memo: string | null;
}

const SYSTEM_NAMES: Record<string, string> = {
  [SYSTEM_ACCOUNTS.purchases]: "Skill coin purchase",
  [SYSTEM_ACCOUNTS.rewards]: "Skill Exchange reward",
  [SYSTEM_ACCOUNTS.escrow]: "Held (escrow)",
  [SYSTEM_ACCOUNTS.closed]: "Account deleted",
};

/** A student's own entries, newest first, a page at a time. */
export class HistoryService {
  constructor(
    private readonly deps: Deps,
    private readonly users: UsersService,
  ) {}

  /** Newest first; `after` is the previous page's endCursor (an entry number), keyset-paged on the (account, seq) index. */
  async page(userId: string, first = 20, after?: string | null): Promise<{ items: HistoryEntryView[]; endCursor: string | null; hasMore: boolean }> {
    if (!Number.isSafeInteger(first) || first < 1 || first > HISTORY_MAX_PAGE) throw badInput(`first must be between 1 and ${HISTORY_MAX_PAGE}`);
    if (after !== undefined && after !== null && !/^\d{1,9}$/.test(after)) throw badInput("Invalid cursor");
    const rows = await this.deps.dataSource.getRepository(CoinEntry).find({
      where: { accountId: userId, ...(after ? { seq: LessThan(Number(after)) } : {}) },
      order: { seq: "DESC" },
      take: first + 1,
    });
    const page = rows.slice(0, first);
    const people = await this.users.summaries(page.map((e) => e.counterpartId).filter((id) => !(id in SYSTEM_NAMES)));
    return {
      hasMore: rows.length > first,
      endCursor: page.length ? String(page[page.length - 1].seq) : null,
      items: page.map((e) => {
        const system = SYSTEM_NAMES[e.counterpartId];
        return {
          id: e.id,
          createdAt: e.createdAt,
          kind: e.kind,
          amount: e.amount,
          balanceAfter: e.balanceAfter,
          counterpartId: system ? null : e.counterpartId,
          counterpartName: system ?? people.get(e.counterpartId)?.name ?? "Deleted user",
          memo: e.memo,
        };
      }),
    };
  }
}
