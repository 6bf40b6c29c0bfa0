import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { OfflineNotice } from "./OfflineNotice";

function setOnline(online: boolean) {
  vi.spyOn(window.navigator, "onLine", "get").mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? "online" : "offline"));
  });
}

describe("OfflineNotice", () => {
  afterEach(() => vi.restoreAllMocks());

  it("says 'You are offline' while the browser has no network, and goes away when it returns", () => {
    vi.spyOn(window.navigator, "onLine", "get").mockReturnValue(true);
    render(<OfflineNotice />);
    expect(screen.queryByText("You are offline")).toBeNull();

    setOnline(false);
    expect(screen.getByRole("status").textContent).toContain("You are offline");

    setOnline(true);
    expect(screen.queryByText("You are offline")).toBeNull();
  });
});
