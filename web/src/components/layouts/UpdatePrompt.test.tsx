import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dismissUpdate, watchForUpdates, type WorkboxLike } from "../../lib/pwa";
import { UpdatePrompt } from "./UpdatePrompt";

type Listener = Parameters<WorkboxLike["addEventListener"]>[1];

/** A stand-in for workbox-window's Workbox: the test fires its "waiting" and "controlling" events. */
class FakeWorkbox implements WorkboxLike {
  listeners = new Map<string, Listener[]>();
  skipWaitingMessages = 0;
  addEventListener(type: "waiting" | "controlling", listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  messageSkipWaiting() {
    this.skipWaitingMessages++;
  }
  register = async () => undefined;
  update = async () => undefined;
  fire(type: "waiting" | "controlling", event: { isUpdate?: boolean; isExternal?: boolean } = {}) {
    act(() => {
      for (const listener of this.listeners.get(type) ?? []) listener(event);
    });
  }
}

const MESSAGE = "A new version of Skill Exchange is available.";

describe("UpdatePrompt", () => {
  afterEach(() => act(() => dismissUpdate()));

  it("shows nothing but an empty live region while no new version is waiting", () => {
    render(<UpdatePrompt />);
    expect(screen.getByRole("status").textContent).toBe("");
    expect(screen.queryByRole("button", { name: "Reload" })).toBeNull();
  });

  it("offers Reload when a new service worker waits; Reload makes it take over, then reloads once it controls the page", () => {
    const wb = new FakeWorkbox();
    const reload = vi.fn();
    watchForUpdates(wb, reload);
    render(<UpdatePrompt />);

    wb.fire("waiting", { isUpdate: true });
    expect(screen.getByRole("status").textContent).toContain(MESSAGE);
    expect(wb.skipWaitingMessages).toBe(0);
    expect(reload).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("button", { name: "Reload" }));
    expect(wb.skipWaitingMessages).toBe(1);
    expect(screen.queryByText(MESSAGE)).toBeNull();
    expect(reload).not.toHaveBeenCalled();

    wb.fire("controlling", { isUpdate: true });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("a new version found by a later update check (workbox-window: external) is offered and reloaded into the same way", () => {
    const wb = new FakeWorkbox();
    const reload = vi.fn();
    watchForUpdates(wb, reload);
    render(<UpdatePrompt />);
    wb.fire("controlling", { isUpdate: false, isExternal: false });
    wb.fire("waiting", { isExternal: true });
    fireEvent.click(screen.getByRole("button", { name: "Reload" }));
    expect(wb.skipWaitingMessages).toBe(1);
    wb.fire("controlling", { isUpdate: false, isExternal: true });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("Not now hides the offer without activating the new version", () => {
    const wb = new FakeWorkbox();
    const reload = vi.fn();
    watchForUpdates(wb, reload);
    render(<UpdatePrompt />);
    wb.fire("waiting", { isUpdate: true });
    fireEvent.click(screen.getByRole("button", { name: "Not now" }));
    expect(screen.queryByText(MESSAGE)).toBeNull();
    expect(wb.skipWaitingMessages).toBe(0);
    expect(reload).not.toHaveBeenCalled();
  });

  it("a version activated from another tab is offered here, and Reload only reloads", () => {
    const wb = new FakeWorkbox();
    const reload = vi.fn();
    watchForUpdates(wb, reload);
    render(<UpdatePrompt />);
    wb.fire("controlling", { isExternal: true });
    expect(reload).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Reload" }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(wb.skipWaitingMessages).toBe(0);
  });

  it("the first install taking control of the page is not an update", () => {
    const wb = new FakeWorkbox();
    const reload = vi.fn();
    watchForUpdates(wb, reload);
    render(<UpdatePrompt />);
    wb.fire("controlling", { isUpdate: false, isExternal: false });
    expect(reload).not.toHaveBeenCalled();
    expect(screen.queryByRole("button", { name: "Reload" })).toBeNull();
  });
});
