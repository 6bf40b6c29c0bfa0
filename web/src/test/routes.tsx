import { MockedProvider } from "@apollo/client/testing/react";
import { render, waitFor } from "@testing-library/react";
import { createMemoryRouter, matchRoutes, RouterProvider } from "react-router";
import { expect } from "vitest";
import { appRoutes, pages } from "../app/router";

/** The route pattern the app matches for `path`. */
export const routeOf = (path: string) => matchRoutes(pages, path)?.at(-1)?.route.path;

/** Renders the whole app at `path` with no token (and no server) and waits until it lands on `to`, the page asked for along. */
async function expectSentTo(to: "/register" | "/login", path: string): Promise<void> {
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  render(
    <MockedProvider mocks={[]}>
      <RouterProvider router={router} />
    </MockedProvider>,
  );
  await waitFor(() => expect(router.state.location.pathname).toBe(to));
  expect(new URLSearchParams(router.state.location.search).get("returnTo")).toBe(path);
}

/** A page the spec sends a visitor without a token from to Create Account. */
export const expectSentToRegister = (path: string) => expectSentTo("/register", path);

/** A page only students with an account reach (a mail's link, a bookmark): to sign-in. */
export const expectSentToSignIn = (path: string) => expectSentTo("/login", path);
