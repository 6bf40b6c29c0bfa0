import { MockedProvider } from "@apollo/client/testing/react";
import { render, waitFor } from "@testing-library/react";
import { createMemoryRouter, matchRoutes, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { appRoutes, pages } from "../router";

const routeOf = (path: string) => matchRoutes(pages, path)?.at(-1)?.route.path;

describe("profiles routes", () => {
  it("match the form, both dashboards and a profile", () => {
    expect(routeOf("/p")).toBe("p");
    expect(routeOf("/dashboard")).toBe("dashboard");
    expect(routeOf("/dashboard/u1")).toBe("dashboard/:userId");
    expect(routeOf("/user/u2/u1/Male")).toBe("user/:userID/:currentID/:gender");
  });

  it.each(["/p", "/dashboard", "/dashboard/u1"])("send a visitor without a token from %s to /register", async (path) => {
    const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
    render(
      <MockedProvider mocks={[]}>
        <RouterProvider router={router} />
      </MockedProvider>,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe("/register"));
  });
});
