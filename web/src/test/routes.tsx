import { MockedProvider } from "@apollo/client/testing/react";
import { render, waitFor } from "@testing-library/react";
import { createMemoryRouter, matchRoutes, RouterProvider } from "react-router";
import { expect } from "vitest";
import { appRoutes, pages } from "../app/router";

/** The route pattern the app matches for `path`. */
export const routeOf = (path: string) => matchRoutes(pages, path)?.at(-1)?.route.path;

/** Renders the whole app at `path` with no token (and no server) and waits until it lands on /register. */
export async function expectSentToRegister(path: string): Promise<void> {
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  render(
    <MockedProvider mocks={[]}>
      <RouterProvider router={router} />
    </MockedProvider>,
  );
  await waitFor(() => expect(router.state.location.pathname).toBe("/register"));
}
