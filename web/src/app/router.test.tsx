import { MockedProvider } from "@apollo/client/testing/react";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { expectSentToRegister, expectSentToSignIn } from "../test/routes";
import { appRoutes } from "./router";

function renderAt(path: string, routes = appRoutes()) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe("router", () => {
  it("shows the 404 page for unknown paths, inside the chrome", async () => {
    renderAt("/nowhere");
    expect(await screen.findByRole("heading", { level: 1, name: "404 - Page Not Found" })).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Main" })).toBeTruthy();
  });

  it("renders the landing page with a Get Started link to the dashboard", async () => {
    renderAt("/");
    const link = await screen.findByRole("link", { name: "Get Started" });
    expect(link.getAttribute("href")).toBe("/dashboard");
  });

  it("renders the About page with Our Story and Our Mission", async () => {
    renderAt("/about");
    expect(await screen.findByRole("heading", { name: "Our Story" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Our Mission" })).toBeTruthy();
    expect(document.body.textContent).toMatch(/connects learners worldwide for collaborative learning/);
    expect(document.body.textContent).toMatch(/founded by computer science students/);
  });

  it("shows the error view when a page throws", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    function Broken(): never {
      throw new Error("Boom");
    }
    renderAt("/broken", appRoutes([{ path: "broken", Component: Broken }]));
    expect(await screen.findByRole("heading", { level: 1, name: "Unexpected Application Error!" })).toBeTruthy();
    expect(screen.getByText("Boom")).toBeTruthy();
    // The page error renders inside the chrome.
    expect(screen.getByRole("navigation", { name: "Main" })).toBeTruthy();
    consoleError.mockRestore();
  });

  it("says plainly that a page's code could not be downloaded, and waits for the network to reload", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    const offline = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const routes = appRoutes([
      {
        path: "gone",
        lazy: () => Promise.reject(new TypeError("Failed to fetch dynamically imported module: /assets/chat-list-x.js")),
      },
    ]);
    renderAt("/gone", routes);
    expect(await screen.findByRole("heading", { level: 1, name: "Unexpected Application Error!" })).toBeTruthy();
    expect(screen.getByText(/You are offline, and this page is not saved on this device yet/)).toBeTruthy();
    expect((screen.getByRole("button", { name: "Reload page" }) as HTMLButtonElement).disabled).toBe(true);
    offline.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event("online")));
    expect(await screen.findByText("This page could not be downloaded. Check your connection and reload.")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Reload page" }) as HTMLButtonElement).disabled).toBe(false);
    offline.mockRestore();
    consoleError.mockRestore();
  });

  it("shows the standalone error view when the layout itself fails", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    const routes = appRoutes();
    routes[0]!.loader = () => {
      throw new Error("Layout failed");
    };
    renderAt("/", routes);
    expect(await screen.findByRole("heading", { level: 1, name: "Unexpected Application Error!" })).toBeTruthy();
    expect(screen.queryByRole("navigation", { name: "Main" })).toBeNull();
    consoleError.mockRestore();
  });

  it.each(["/skill-coins", "/user/chat", "/game/u1", "/dashboard", "/p"])(
    "sends a visitor without a token from the signed-in page %s to /register (the spec's list)",
    expectSentToRegister,
  );

  it.each(["/u1/notifications", "/settings/notifications", "/settings/api-keys", "/moderation"])(
    "sends a visitor without a token from %s, reached from a mail or a bookmark, to sign-in",
    expectSentToSignIn,
  );

  it("takes the page asked for along to /register and its sign-in link, and from there to Create Account", async () => {
    const router = createMemoryRouter(appRoutes(), { initialEntries: ["/user/chat/u2?from=mail#latest"] });
    render(
      <MockedProvider mocks={[]}>
        <RouterProvider router={router} />
      </MockedProvider>,
    );
    const asked = "/user/chat/u2?from=mail#latest";
    await waitFor(() => expect(router.state.location.pathname).toBe("/register"));
    expect(new URLSearchParams(router.state.location.search).get("returnTo")).toBe(asked);
    const signIn = await screen.findByRole("link", { name: "Already have an account? Sign in" });
    expect(signIn.getAttribute("href")).toBe(`/login?${new URLSearchParams({ returnTo: asked })}`);
    fireEvent.click(signIn);
    const create = await screen.findByRole("link", { name: "Create Account" });
    expect(router.state.location.pathname).toBe("/login");
    expect(create.getAttribute("href")).toBe(`/register?${new URLSearchParams({ returnTo: asked })}`);
  });

  it.each(["//evil.example/x", "https://evil.example/", "/\\evil.example", "/login?returnTo=/x"])(
    "does not follow a returnTo of %s: the sign-in link goes to plain /login",
    async (returnTo) => {
      const router = createMemoryRouter(appRoutes(), { initialEntries: [`/register?${new URLSearchParams({ returnTo })}`] });
      render(
        <MockedProvider mocks={[]}>
          <RouterProvider router={router} />
        </MockedProvider>,
      );
      expect((await screen.findByRole("link", { name: "Already have an account? Sign in" })).getAttribute("href")).toBe("/login");
    },
  );
});
