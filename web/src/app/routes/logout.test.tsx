import { MockedProvider } from "@apollo/client/testing/react";
import { render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { browserPush } from "../../features/notifications/utils/push";
import { LogoutDocument } from "../../gql/graphql";
import { getToken, setToken } from "../../lib/auth";
import { Component as Logout } from "./logout";

function renderLogout(mocks: unknown[]) {
  const router = createMemoryRouter(
    [
      { path: "/logout", Component: Logout },
      { path: "/", element: <p>Home</p> },
    ],
    {
      initialEntries: ["/logout"],
    },
  );
  render(
    <MockedProvider mocks={mocks as never}>
      <RouterProvider router={router} />
    </MockedProvider>,
  );
}

describe("/logout", () => {
  afterEach(() => vi.restoreAllMocks());

  it("with push on in this browser, tells the server this browser's endpoint and ends the browser's subscription", async () => {
    setToken("a.b.c");
    const endpoint = "https://push.example.com/send/abc";
    vi.spyOn(browserPush, "supported").mockReturnValue(true);
    vi.spyOn(browserPush, "currentEndpoint").mockResolvedValue(endpoint);
    const unsubscribe = vi.spyOn(browserPush, "unsubscribe").mockResolvedValue();
    const logout = vi.fn(() => ({ data: { logout: true } }));
    renderLogout([{ request: { query: LogoutDocument, variables: { pushEndpoint: endpoint } }, result: logout }]);
    expect(await screen.findByText("See you soon")).toBeTruthy();
    expect(logout).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(unsubscribe).toHaveBeenCalledTimes(1));
    expect(getToken()).toBeNull();
  });

  it("without push here, signs out with no endpoint and touches no subscription", async () => {
    setToken("a.b.c");
    vi.spyOn(browserPush, "supported").mockReturnValue(false);
    const unsubscribe = vi.spyOn(browserPush, "unsubscribe").mockResolvedValue();
    const logout = vi.fn(() => ({ data: { logout: true } }));
    renderLogout([{ request: { query: LogoutDocument, variables: { pushEndpoint: null } }, result: logout }]);
    expect(await screen.findByText("See you soon")).toBeTruthy();
    expect(logout).toHaveBeenCalledTimes(1);
    expect(unsubscribe).not.toHaveBeenCalled();
  });
});
