import { describe, expect, it } from "vitest";
import { connection, type Connection } from "../../shared/pagination.js";
import type { ModerationMessageView } from "./moderation-parts.js";
import { REST_EVIDENCE_MESSAGES, withLatestMessages } from "./moderation.rest-adapters.js";

/** A chat of `count` messages behind the evidence pages' contract: the newest `last` before a cursor (a seq), oldest first. */
function evidenceOf(count: number) {
  const reads: Array<{ last: number; before: string | null }> = [];
  const evidence = async (_caller: string, _chatId: string, opts: { last?: number | null; before?: string | null }) => {
    const last = opts.last ?? 20;
    if (last > 100) throw new Error("a page is at most 100");
    reads.push({ last, before: opts.before ?? null });
    const end = opts.before ? Number(opts.before) - 1 : count;
    const start = Math.max(1, end - last + 1);
    const nodes: ModerationMessageView[] = [];
    for (let seq = start; seq <= end; seq++) nodes.push({ seq, fromUserId: "u", body: `m${seq}`, createdAt: new Date(0) });
    return connection(nodes, (n) => String(n.seq), { hasNextPage: false, hasPreviousPage: start > 1 }) as Connection<ModerationMessageView>;
  };
  return { evidence, reads };
}

describe("the REST report pages' evidence (withLatestMessages)", () => {
  it("reads the chat backwards page by page: all of a short chat, the latest 500 of a long one, oldest first", async () => {
    const short = evidenceOf(250);
    const { messages } = await withLatestMessages(short, "op", { chat: { id: "c" } });
    expect(messages.map((x) => x.seq)).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
    expect(short.reads.map((r) => r.last)).toEqual([100, 100, 100]);

    const long = evidenceOf(1234);
    const latest = (await withLatestMessages(long, "op", { chat: { id: "c" } })).messages.map((x) => x.seq);
    expect(latest).toHaveLength(REST_EVIDENCE_MESSAGES);
    expect(latest[0]).toBe(1234 - REST_EVIDENCE_MESSAGES + 1);
    expect(latest.at(-1)).toBe(1234);

    expect((await withLatestMessages(evidenceOf(3), "op", { chat: null })).messages).toEqual([]);
  });
});
