import { render, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { appRoutes } from "../router";

describe("/game/:userID", () => {
  it("sends a visitor without a token to /register", async () => {
    const router = createMemoryRouter(appRoutes(), { initialEntries: ["/game/abc"] });
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(router.state.location.pathname).toBe("/register"));
  });
});
