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
