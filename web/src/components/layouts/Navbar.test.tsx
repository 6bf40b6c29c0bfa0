import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as auth from "../../lib/auth";
import { clearToken, setToken } from "../../lib/auth";
import { Navbar } from "./Navbar";

function renderNavbar(path = "/") {
  const router = createMemoryRouter(
    [
      { path: "/", element: <Navbar /> },
      { path: "*", element: <Navbar /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe("Navbar", () => {
  afterEach(() => clearToken());

  it("links to Home, Dashboard, About Us and Contact Us", () => {
    renderNavbar();
    const nav = screen.getByRole("navigation", { name: "Main" });
    const links = within(nav).getAllByRole("link");
    const byName = Object.fromEntries(links.map((link) => [link.textContent, link.getAttribute("href")]));
    expect(byName).toMatchObject({ Home: "/", Dashboard: "/dashboard", "About Us": "/about", "Contact Us": "/contact" });
  });

  it("marks the current page", () => {
    renderNavbar("/about");
    expect(screen.getByRole("link", { name: "About Us" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBeNull();
  });

  it("toggles the collapsed menu with the burger button", () => {
    renderNavbar();
    const toggle = screen.getByRole("button", { name: "Open menu" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    const menu = document.getElementById(toggle.getAttribute("aria-controls")!);
    expect(menu).not.toBeNull();
    // The site's four pages, and Sign in for a visitor not signed in.
    expect(within(menu!).getAllByRole("link")).toHaveLength(5);

    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(toggle.getAttribute("aria-label")).toBe("Close menu");

    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(toggle.getAttribute("aria-label")).toBe("Open menu");
  });

  it("offers Sign in to a visitor not signed in, keeping where a mailed link on Create Account was going", () => {
    // Two places (CSS shows one): beside the menu button on a phone, in the bar's links on wide screens.
    const hrefs = () => screen.getAllByRole("link", { name: "Sign in" }).map((a) => a.getAttribute("href"));
    renderNavbar("/about");
    expect(hrefs()).toEqual(["/login", "/login"]);
    cleanup();
    renderNavbar("/register?returnTo=%2Fuser%2Fchat%2Fu2");
    expect(hrefs()).toEqual(["/login?returnTo=%2Fuser%2Fchat%2Fu2", "/login?returnTo=%2Fuser%2Fchat%2Fu2"]);
    cleanup();
    // Not on the sign-in page itself, and not once signed in.
    renderNavbar("/login");
    expect(screen.queryByRole("link", { name: "Sign in" })).toBeNull();
    cleanup();
    setToken("a.b.c");
    renderNavbar("/about");
    expect(screen.queryByRole("link", { name: "Sign in" })).toBeNull();
  });

  it("lifts the signed-in hint of a page not yet run (Sign in hidden) once its render agrees with the token", () => {
    const hinted = () => document.documentElement.hasAttribute("data-signed-in");
    // A signed-in student: no Sign in here, and the hint goes.
    setToken("a.b.c");
    document.documentElement.setAttribute("data-signed-in", "");
    renderNavbar("/about");
    expect(hinted()).toBe(false);
    cleanup();
    // A hydration still renders the page as it was rendered (signed out) while the browser holds a token: the
    // hint stays, so that render's Sign in stays hidden.
    document.documentElement.setAttribute("data-signed-in", "");
    const hydrating = vi.spyOn(auth, "useToken").mockReturnValue(null);
    renderNavbar("/about");
    expect(screen.getAllByRole("link", { name: "Sign in" })).toHaveLength(2);
    expect(hinted()).toBe(true);
    hydrating.mockRestore();
    cleanup();
    // A token gone meanwhile (signed out in another tab): Sign in is theirs after all.
    clearToken();
    renderNavbar("/about");
    expect(hinted()).toBe(false);
  });

  it("reads in the order it shows (the site's links, then the bar's buttons), and opening the menu takes the focus into it", () => {
    renderNavbar();
    const toggle = screen.getByRole("button", { name: "Open menu" });
    const home = screen.getByRole("link", { name: "Home" });
    expect(home.compareDocumentPosition(toggle) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(toggle);
    expect(document.activeElement).toBe(home);
  });

  it("closes the menu on Escape and returns focus to the button", () => {
    renderNavbar();
    const toggle = screen.getByRole("button", { name: "Open menu" });
    fireEvent.click(toggle);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(toggle);
  });

  it("closes the menu after navigating", async () => {
    const router = renderNavbar();
    const toggle = screen.getByRole("button", { name: "Open menu" });
    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole("link", { name: "About Us" }));
    expect(await screen.findByRole("button", { name: "Open menu" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/about");
    expect(screen.getByRole("button", { name: "Open menu" }).getAttribute("aria-expanded")).toBe("false");
  });
});
