import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dismissUpdate, watchForUpdates, type WorkboxLike } from "../../lib/pwa";
import { UpdatePrompt } from "./UpdatePrompt";

/**
 * A stand-in for workbox-window's Workbox: the test fires its "waiting" and "controlling" events, and
 * says whether a service worker controls the page (`controlled`; a "controlling" event sets it).
 */
class FakeWorkbox implements WorkboxLike {
  listeners = new Map<string, Array<() => void>>();
  skipWaitingMessages = 0;
  constructor(public controlled: boolean) {}
  addEventListener(type: "waiting" | "controlling", listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  messageSkipWaiting() {
    this.skipWaitingMessages++;
  }
  register = async () => undefined;
  update = async () => undefined;
  fire(type: "waiting" | "controlling") {
    if (type === "controlling") this.controlled = true;
    act(() => {
      for (const listener of this.listeners.get(type) ?? []) listener();
    });
  }
  watch(reload: () => void) {
    watchForUpdates(this, reload, () => this.controlled);
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
    const wb = new FakeWorkbox(true);
    const reload = vi.fn();
    wb.watch(reload);
    render(<UpdatePrompt />);

    wb.fire("waiting");
    expect(screen.getByRole("status").textContent).toContain(MESSAGE);
    expect(wb.skipWaitingMessages).toBe(0);
    expect(reload).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("button", { name: "Reload" }));
    expect(wb.skipWaitingMessages).toBe(1);
    expect(screen.queryByText(MESSAGE)).toBeNull();
    expect(reload).not.toHaveBeenCalled();

    wb.fire("controlling");
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("a new version found by a later update check on a page the first install took is offered and reloaded into the same way", () => {
    const wb = new FakeWorkbox(false);
    const reload = vi.fn();
    wb.watch(reload);
    render(<UpdatePrompt />);
    wb.fire("controlling");
    wb.fire("waiting");
    fireEvent.click(screen.getByRole("button", { name: "Reload" }));
    expect(wb.skipWaitingMessages).toBe(1);
    wb.fire("controlling");
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("Not now hides the offer without activating the new version", () => {
    const wb = new FakeWorkbox(true);
    const reload = vi.fn();
    wb.watch(reload);
    render(<UpdatePrompt />);
    wb.fire("waiting");
    fireEvent.click(screen.getByRole("button", { name: "Not now" }));
    expect(screen.queryByText(MESSAGE)).toBeNull();
    expect(wb.skipWaitingMessages).toBe(0);
    expect(reload).not.toHaveBeenCalled();
  });

  it("a version activated from another tab is offered here, and Reload only reloads", () => {
    const wb = new FakeWorkbox(true);
    const reload = vi.fn();
    wb.watch(reload);
    render(<UpdatePrompt />);
    wb.fire("controlling");
    expect(reload).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Reload" }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(wb.skipWaitingMessages).toBe(0);
  });

  it("the first install taking control of a page the network served is not an update, nor is its worker waiting meanwhile", () => {
    // As when the student opens a second page while the first one's install is still precaching:
    // workbox-window calls that worker external, and may report it waiting while it activates.
    const wb = new FakeWorkbox(false);
    const reload = vi.fn();
    wb.watch(reload);
    render(<UpdatePrompt />);
    wb.fire("waiting");
    expect(screen.queryByRole("button", { name: "Reload" })).toBeNull();
    wb.fire("controlling");
    expect(reload).not.toHaveBeenCalled();
    expect(screen.queryByRole("button", { name: "Reload" })).toBeNull();
  });
});
