import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { BuyCoinsForm } from "./BuyCoinsForm";

describe("a refused checkout", () => {
  it("is an alert in the feedback bar, which the student can close", () => {
    let dismissed = 0;
    const props = { coinPricePaise: 1000, maxCoins: 100, sandbox: true, busy: false, onBuy: () => {}, onDismissError: () => dismissed++ };
    const { rerender } = render(<BuyCoinsForm {...props} serverError="The payment service is busy. Try again in a minute." />);
    const refusal = within(screen.getByTestId("action-feedback")).getByRole("alert");
    expect(refusal.textContent).toContain("The payment service is busy. Try again in a minute.");
    fireEvent.click(within(refusal).getByRole("button", { name: "Dismiss" }));
    expect(dismissed).toBe(1);
    // The next Buy clears it (use-checkout sets the error back to null).
    rerender(<BuyCoinsForm {...props} serverError={null} />);
    expect(screen.getByTestId("action-feedback").textContent).toBe("");
  });
});

describe("the amount", () => {
  const props = { coinPricePaise: 1000, maxCoins: 100, sandbox: true, busy: false, serverError: null };
  it("starts at 10, or at what a payment is short of, and buys what the field says", () => {
    const bought: number[] = [];
    const { unmount } = render(<BuyCoinsForm {...props} onBuy={(c) => bought.push(c)} />);
    expect((screen.getByLabelText("Amount (skill coins)") as HTMLInputElement).value).toBe("10");
    unmount();
    render(<BuyCoinsForm {...props} initialCoins={45} onBuy={(c) => bought.push(c)} />);
    expect((screen.getByLabelText("Amount (skill coins)") as HTMLInputElement).value).toBe("45");
    fireEvent.click(screen.getByRole("button", { name: "Buy" }));
    expect(bought).toEqual([45]);
  });
});
