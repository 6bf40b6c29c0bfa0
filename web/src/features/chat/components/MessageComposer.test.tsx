import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { MessageComposer } from "./MessageComposer";

describe("MessageComposer", () => {
  it("keeps the focus in the message box after Send (reached with Tab), ready for the next message", () => {
    const onSend = vi.fn(() => Promise.resolve());
    render(<MessageComposer onSend={onSend} />);
    const box = screen.getByLabelText("Message");
    fireEvent.change(box, { target: { value: "On my way" } });
    const send = screen.getByRole("button", { name: "Send" });
    send.focus();
    fireEvent.click(send);
    expect(onSend).toHaveBeenCalledWith("On my way");
    // Send is disabled by the empty box: the focus would otherwise be left on it, and a phone's keyboard closed.
    expect((send as HTMLButtonElement).disabled).toBe(true);
    expect(document.activeElement).toBe(box);
  });

  it("does not take the focus from the box when tapped while typing", () => {
    render(<MessageComposer onSend={() => Promise.resolve()} />);
    const box = screen.getByLabelText("Message");
    box.focus();
    fireEvent.change(box, { target: { value: "Hi" } });
    // The tap's mousedown is cancelled, so the browser leaves the focus (and the keyboard) where it is.
    expect(fireEvent.mouseDown(screen.getByRole("button", { name: "Send" }))).toBe(false);
  });
});
