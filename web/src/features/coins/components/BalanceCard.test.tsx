import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { BalanceCard } from "./BalanceCard";

const card = (props: { balance: number; heldForYou?: number }) =>
  render(
    <MemoryRouter>
      <BalanceCard coinPricePaise={1000} {...props} />
    </MemoryRouter>,
  );

describe("BalanceCard", () => {
  it("shows a teacher the coins paid to them and still held, apart from the spendable balance", () => {
    card({ balance: 3, heldForYou: 7 });
    expect(screen.getByTestId("coin-balance").textContent).toBe("3skill coins");
    expect(screen.getByTestId("coins-held-for-you").textContent).toBe("+ 7 coins paid to you, held until the course finishes");
  });

  it("says nothing of held coins when none are held for the student", () => {
    card({ balance: 1, heldForYou: 0 });
    expect(screen.getByTestId("coin-balance").textContent).toBe("1skill coin");
    expect(screen.queryByTestId("coins-held-for-you")).toBeNull();
  });
});
