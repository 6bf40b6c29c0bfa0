import { render, screen } from "@testing-library/react";
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

describe("MessageList", () => {
  it("lets each message take its own direction (Arabic reads right to left, English left to right)", () => {
    render(
      <MessageList
        messages={[message("m1", "them", "مرحبا، كيف حالك؟"), message("m2", "me", "Hello!")]}
        meId="me"
        partnerName="سارة"
        hasOlder={false}
        loadingOlder={false}
        olderFailed={false}
        onLoadOlder={() => Promise.resolve()}
      />,
    );
    expect(screen.getByText("مرحبا، كيف حالك؟").getAttribute("dir")).toBe("auto");
    expect(screen.getByText("Hello!").getAttribute("dir")).toBe("auto");
  });
});
