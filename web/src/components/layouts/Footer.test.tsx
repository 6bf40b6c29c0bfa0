import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Footer } from "./Footer";

describe("Footer", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows the current year in the copyright line", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2031-05-04T12:00:00Z"));
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    expect(screen.getByText(/© 2031 Skill Exchange/)).toBeTruthy();
  });

  it("links to three social networks and a contact mail address", () => {
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    for (const network of ["GitHub", "LinkedIn", "Instagram"]) {
      const link = screen.getByRole("link", { name: `Skill Exchange on ${network}` });
      expect(link.getAttribute("href")).toMatch(/^https:\/\//);
      expect(link.getAttribute("rel")).toContain("noopener");
    }
    const mail = screen.getAllByRole("link").find((link) => link.getAttribute("href")?.startsWith("mailto:"));
    expect(mail).toBeTruthy();
    expect(screen.getByText(String(new Date().getFullYear()), { exact: false })).toBeTruthy();
  });
});
