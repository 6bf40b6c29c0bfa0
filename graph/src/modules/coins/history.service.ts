import { In, LessThan } from "typeorm";
import type { Deps } from "../../shared/deps.js";
import { decodeCursor, encodeCursor } from "../../shared/cursor.js";
import { type Connection, forwardPage, pageSize } from "../../shared/pagination.js";
import type { UsersService } from "../accounts/users.service.js";
import { CoinEntry, CoinTransfer, type HoldState, SYSTEM_ACCOUNTS, TransferKind } from "./ledger.entity.js";

export const HISTORY_PAGE_SIZE = 20;

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
  /** A hold's coins now (its transfer's state): the payer's line says whether the lesson has finished. */
  holdState: HoldState | null;
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

  /** Newest first; each cursor is an entry number, keyset-paged on the (account, seq) index. */
  async page(userId: string, opts: { first?: number | null; after?: string | null } = {}): Promise<Connection<HistoryEntryView>> {
    const first = pageSize("first", opts.first, HISTORY_PAGE_SIZE);
    const after = opts.after
      ? decodeCursor("coins", opts.after, ([seq]) => (Number.isSafeInteger(seq) ? (seq as number) : undefined))
      : null;
    const rows = await this.deps.dataSource.getRepository(CoinEntry).find({
      where: { accountId: userId, ...(after !== null ? { seq: LessThan(after) } : {}) },
      order: { seq: "DESC" },
      take: first + 1,
    });
    const page = rows.slice(0, first);
    const people = await this.users.summaries(page.map((e) => e.counterpartId).filter((id) => !(id in SYSTEM_NAMES)));
    const holdIds = page.filter((e) => e.kind === TransferKind.HOLD).map((e) => e.transferId);
    const holds = holdIds.length
      ? await this.deps.dataSource.getRepository(CoinTransfer).find({ select: { id: true, holdState: true }, where: { id: In(holdIds) } })
      : [];
    const holdStates = new Map(holds.map((t) => [t.id, t.holdState ?? "held"]));
    return forwardPage(
      rows,
      first,
      after,
      (e) => encodeCursor("coins", [e.seq]),
      (e) => {
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
          holdState: holdStates.get(e.transferId) ?? null,
        };
      },
    );
  }
}
