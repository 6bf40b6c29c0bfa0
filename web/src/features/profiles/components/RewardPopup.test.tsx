import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { REWARD_AUTO_CLOSE_MS, RewardPopup } from "./RewardPopup";
import { renderWithClient } from "./test-client";

const status = (rewarded: boolean, rewardId: string | null = null) => ({
  __typename: "RewardStatus",
  rewarded,
  reason: rewarded ? "You finished a swap with Ravi" : "",
  rewardCount: rewarded ? 1 : 0,
  rewardId,
});

function renderPopup(first = status(true, "r1")) {
  return renderWithClient([{ path: "/", element: <RewardPopup /> }], "/", {
    DashboardReward: () => ({ rewards: first }),
    AcknowledgeDashboardReward: () => ({ acknowledgeReward: status(false) }),
  });
}

describe("reward popup", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows an unseen reward once, acknowledges it, and closes with Close", async () => {
    const { sent } = renderPopup();
    expect(await screen.findByText("+1 skill coin")).toBeTruthy();
    expect(screen.getByText("You finished a swap with Ravi")).toBeTruthy();
    await waitFor(() =>
      expect(sent.filter((o) => o.name === "AcknowledgeDashboardReward").map((o) => o.variables)).toEqual([{ rewardId: "r1" }]),
    );
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByText("+1 skill coin")).toBeNull();
  });

  it("closes by itself after 5000 ms", async () => {
    vi.useFakeTimers();
    renderPopup();
    // Let the query answer in steps of 10 ms of fake time until the popup is up.
    for (let i = 0; i < 20 && !screen.queryByText("+1 skill coin"); i++) await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.queryByText("+1 skill coin")).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(REWARD_AUTO_CLOSE_MS - 20));
    expect(screen.queryByText("+1 skill coin")).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(screen.queryByText("+1 skill coin")).toBeNull();
  });

  it("shows nothing without a reward", async () => {
    const { sent } = renderPopup(status(false));
    await waitFor(() => expect(sent.map((o) => o.name)).toContain("DashboardReward"));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(sent.map((o) => o.name)).not.toContain("AcknowledgeDashboardReward");
  });
});
