import { MockedProvider } from "@apollo/client/testing/react";
import { render, waitFor } from "@testing-library/react";
import { createMemoryRouter, matchRoutes, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { appRoutes, pages } from "../router";

const routeOf = (path: string) => matchRoutes(pages, path)?.at(-1)?.route.path;

describe("chat routes", () => {
  it("match the list and a conversation, apart from profiles", () => {
    expect(routeOf("/user/chat")).toBe("user/chat");
    expect(routeOf("/user/chat/u-2")).toBe("user/chat/:chatUserID");
    expect(routeOf("/user/u-2/u-1/Male")).toBe("user/:userID/:currentID/:gender");
  });

  it.each(["/user/chat", "/user/chat/u-2"])("send a visitor without a token from %s to /register", async (path) => {
    const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
    render(
      <MockedProvider mocks={[]}>
        <RouterProvider router={router} />
      </MockedProvider>,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe("/register"));
  });
});
