import { act, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { OfflineNotice } from "./OfflineNotice";
import type { PageHandle } from "./page-handle";

function setOnline(online: boolean) {
  vi.spyOn(window.navigator, "onLine", "get").mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? "online" : "offline"));
  });
}

/** The notice on a page whose route says `handle`. */
function renderOn(handle: PageHandle = {}) {
  const router = createMemoryRouter([{ path: "/", handle, element: <OfflineNotice /> }]);
  render(<RouterProvider router={router} />);
}

const reserved = () => document.documentElement.style.getPropertyValue("--offline-notice-height");

describe("OfflineNotice", () => {
  afterEach(() => vi.restoreAllMocks());

  it("says 'You are offline' while the browser has no network, and goes away when it returns", () => {
    vi.spyOn(window.navigator, "onLine", "get").mockReturnValue(true);
    renderOn();
    expect(screen.queryByText("You are offline")).toBeNull();

    setOnline(false);
    expect(screen.getByRole("status").textContent).toContain("You are offline");
    // What the page scrolls into view stops below it while it shows.
    expect(reserved()).toMatch(/px$/);

    setOnline(true);
    expect(screen.queryByText("You are offline")).toBeNull();
    expect(reserved()).toBe("");
  });

  it("stays in the page's flow over a page one screen tall (the chat), whose header it would cover", () => {
    vi.spyOn(window.navigator, "onLine", "get").mockReturnValue(false);
    renderOn({ phoneScreen: true });
    expect(screen.getByRole("status").textContent).toContain("You are offline");
    expect(reserved()).toBe("");
  });
});
