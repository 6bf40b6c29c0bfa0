import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ChatMessage } from "../utils/messages";
import { MessageList } from "./MessageList";

const message = (id: string, fromUserId: string, body: string): ChatMessage => ({
  __typename: "ChatMessage",
  id,
  chatId: "c1",
  seq: Number(id.slice(1)),
  fromUserId,
  toUserId: fromUserId === "me" ? "them" : "me",
  body,
  createdAt: "2026-01-05T09:01:00.000Z",
  clientId: null,
});

const list = (messages: ChatMessage[]) => (
  <MessageList
    messages={messages}
    meId="me"
    partnerName="Asha"
    hasOlder={false}
    loadingOlder={false}
    olderFailed={false}
    onLoadOlder={() => Promise.resolve()}
  />
);

/**
 * The list rendered, then read from near its top by the reader. jsdom lays nothing out: a 1,000 px
 * conversation in a 300 px box (scrollTop 0-700).
 */
function scrolledUp(messages: ChatMessage[]) {
  const { rerender } = render(list(messages));
  const log = screen.getByRole("log");
  let at = 0;
  Object.defineProperty(log, "scrollHeight", { configurable: true, get: () => 1000 });
  Object.defineProperty(log, "clientHeight", { configurable: true, get: () => 300 });
  Object.defineProperty(log, "scrollTop", { configurable: true, get: () => at, set: (v: number) => (at = Math.min(v, 700)) });
  /** The reader scrolls to `to`. */
  const scroll = (to: number) => {
    at = to;
    fireEvent.scroll(log);
  };
  scroll(100);
  return { rerender: (next: ChatMessage[]) => rerender(list(next)), log, scroll, top: () => at };
}

describe("MessageList", () => {
  it("invites a hello in an empty open chat, and not in one that was closed (reported) before anyone wrote", () => {
    const { rerender } = render(list([]));
    expect(screen.getByText("No messages yet. Say hello to Asha!")).toBeTruthy();
    rerender(<MessageList {...list([]).props} open={false} />);
    expect(screen.queryByText(/Say hello/)).toBeNull();
    expect(screen.getByText("No messages were sent in this chat.")).toBeTruthy();
  });

  it("lets each message take its own direction (Arabic reads right to left, English left to right)", () => {
    render(<MessageList {...list([message("m1", "them", "مرحبا، كيف حالك؟"), message("m2", "me", "Hello!")]).props} partnerName="سارة" />);
    expect(screen.getByText("مرحبا، كيف حالك؟").getAttribute("dir")).toBe("auto");
    expect(screen.getByText("Hello!").getAttribute("dir")).toBe("auto");
  });

  it("says how many messages came while the reader was up the conversation, and takes them down to them", () => {
    const first = [message("m1", "them", "Hi"), message("m2", "me", "Hello!")];
    const { rerender, scroll, top } = scrolledUp(first);

    rerender([...first, message("m3", "them", "Are you there?")]);
    expect(screen.getByRole("button", { name: "1 new message" })).toBeTruthy();
    expect(top()).toBe(100);
    rerender([...first, message("m3", "them", "Are you there?"), message("m4", "them", "See the link")]);
    fireEvent.click(screen.getByRole("button", { name: "2 new messages" }));
    expect(top()).toBe(700);
    expect(screen.queryByRole("button", { name: /new message/ })).toBeNull();

    // Scrolling down to them by hand says the same.
    scroll(100);
    const upTo4 = [...first, message("m3", "them", "Are you there?"), message("m4", "them", "See the link")];
    // Several at once (a catch-up after reconnecting) count as several.
    rerender([...upTo4, message("m5", "them", "?"), message("m6", "them", "Hello?"), message("m7", "them", "!")]);
    expect(screen.getByRole("button", { name: "3 new messages" })).toBeTruthy();
    scroll(700);
    expect(screen.queryByRole("button", { name: /new message/ })).toBeNull();
  });

  it("follows the partner's answer after the reader, up the conversation, sent a message", () => {
    const first = [message("m1", "them", "Hi")];
    const { rerender, log, top } = scrolledUp(first);
    // Sending takes the reader down (their own message), and the list follows what comes next.
    rerender([...first, message("m2", "me", "Yes?")]);
    expect(top()).toBe(700);
    log.scrollTop = 650; // the layout moved under the list, with no scroll event of the reader's
    rerender([...first, message("m2", "me", "Yes?"), message("m3", "them", "Great")]);
    expect(top()).toBe(700);
    expect(screen.queryByRole("button", { name: /new message/ })).toBeNull();
  });
});
