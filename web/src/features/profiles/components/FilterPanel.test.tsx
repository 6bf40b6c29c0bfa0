import { fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useDirectoryFilters } from "../hooks/use-directory-filters";
import { stubMedia } from "../../../test/media";
import { FilterPanel } from "./FilterPanel";

/** The panel wired to the address as the dashboard wires it, and the address shown for the test to read. */
function Harness() {
  const state = useDirectoryFilters();
  const location = useLocation();
  return (
    <>
      <FilterPanel filters={state.filters} onApply={state.setFilters} onClear={state.clearFilters} />
      <output data-testid="search">{location.search}</output>
      <output data-testid="active">{JSON.stringify(state.filters)}</output>
    </>
  );
}

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: "/dashboard/:id", element: <Harness /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return router;
}

/** The screen's width as the panel asks it (`min-width` queries); unset, jsdom has no matchMedia: a narrow screen. */
const screenWide = (wide: boolean) => stubMedia((query) => wide && query.includes("min-width"));

describe("the discovery filter panel", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("reads the filters from the address: a shared or reloaded link shows them", () => {
    screenWide(true);
    renderAt("/dashboard/me?language=Tamil&minRating=4&maxCoins=5&hasTaught=true");
    expect(JSON.parse(screen.getByTestId("active").textContent!)).toEqual({
      language: "Tamil",
      minRating: 4,
      maxCoins: 5,
      hasTaught: true,
    });
    // Open on a wide screen, every control says what the address says.
    expect(screen.getByRole("button", { name: /Hide filters/ }).getAttribute("aria-expanded")).toBe("true");
    expect((screen.getByLabelText("Teaching language") as HTMLSelectElement).value).toBe("Tamil");
    expect((screen.getByLabelText("Minimum rating") as HTMLSelectElement).value).toBe("4");
    expect((screen.getByLabelText("Maximum coins per course") as HTMLInputElement).value).toBe("5");
    expect((screen.getByLabelText("Has taught before") as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole("button", { name: /4 active/ })).toBeTruthy();
  });

  it("on a phone keeps them folded behind the button that counts them (a screen of fields would hide the feed)", () => {
    screenWide(false);
    renderAt("/dashboard/me?language=Tamil&minRating=4");
    const toggle = screen.getByRole("button", { name: /^Filters/ });
    expect([toggle.getAttribute("aria-expanded"), toggle.textContent]).toEqual(["false", "Filters (2 active)"]);
    expect((screen.getByLabelText("Teaching language") as HTMLSelectElement).value).toBe("Tamil");
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
  });

  it("applying writes the filters to the address, keeping other parameters; clearing removes them", () => {
    renderAt("/dashboard/me?q=pyth&by=skill");
    const toggle = screen.getByRole("button", { name: /Filters/ });
    if (toggle.getAttribute("aria-expanded") === "false") fireEvent.click(toggle);
    fireEvent.change(screen.getByLabelText("Skill category"), { target: { value: "Programming & Technology" } });
    fireEvent.change(screen.getByLabelText("Skill they teach"), { target: { value: "Python" } });
    fireEvent.click(screen.getByLabelText("Online now"));
    fireEvent.click(screen.getByRole("button", { name: "Apply filters" }));
    const params = new URLSearchParams(screen.getByTestId("search").textContent!);
    expect(Object.fromEntries(params)).toEqual({
      q: "pyth",
      by: "skill",
      category: "Programming & Technology",
      skill: "Python",
      onlineNow: "true",
    });
    fireEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(Object.fromEntries(new URLSearchParams(screen.getByTestId("search").textContent!))).toEqual({ q: "pyth", by: "skill" });
    expect(screen.getByTestId("active").textContent).toBe("{}");
  });

  it("says what is wrong with a bad value and changes nothing", () => {
    screenWide(true);
    renderAt("/dashboard/me?skill=Go");
    fireEvent.change(screen.getByLabelText("Maximum coins per course"), { target: { value: "-3" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply filters" }));
    expect(screen.getByRole("alert").textContent).toMatch(/maxCoins must be a whole number/);
    expect(screen.getByTestId("search").textContent).toBe("?skill=Go");
  });

  it("a bad value in an edited address drops only that filter", () => {
    renderAt("/dashboard/me?language=Elvish&minRating=3");
    expect(JSON.parse(screen.getByTestId("active").textContent!)).toEqual({ minRating: 3 });
  });

  it("is collapsible with its state announced", () => {
    renderAt("/dashboard/me");
    const toggle = screen.getByRole("button", { name: /filters/i });
    const panel = document.getElementById(toggle.getAttribute("aria-controls")!)!;
    const before = toggle.getAttribute("aria-expanded");
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe(before === "true" ? "false" : "true");
    expect(panel.hidden).toBe(before === "true");
  });
});
