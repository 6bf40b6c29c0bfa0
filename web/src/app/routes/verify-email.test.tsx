import { MockedProvider } from "@apollo/client/testing/react";
import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { VERIFY_MESSAGES } from "../../../../common/accounts";
import { VerifyEmailDocument } from "../../gql/graphql";
import { rememberedReturnTo, rememberReturnTo, setToken } from "../../lib/auth";
import { Component as VerifyEmail } from "./verify-email";

const TOKEN = "A".repeat(43);

/** /verify-email/{token}{search}, as the mailed link opens it, with the server's answer. */
function openLink(search: string, ok = true) {
  const result = ok
    ? { data: { verifyEmail: true } }
    : { errors: [{ message: VERIFY_MESSAGES.linkInvalid, extensions: { code: "BAD_USER_INPUT" } }] };
  const router = createMemoryRouter([{ path: "/verify-email/:token", Component: VerifyEmail }], {
    initialEntries: [`/verify-email/${TOKEN}${search}`],
  });
  render(
    <MockedProvider mocks={[{ request: { query: VerifyEmailDocument, variables: { token: TOKEN } }, result }]}>
      <RouterProvider router={router} />
    </MockedProvider>,
  );
}

const hrefOf = async (name: string) => (await screen.findByRole("link", { name })).getAttribute("href");

describe("/verify-email/:token and the page asked for", () => {
  it("opened signed out in another browser (nothing remembered), signs in towards the page the link names", async () => {
    openLink(`?returnTo=${encodeURIComponent("/user/chat/42?x=1")}`);
    expect(await screen.findByText(VERIFY_MESSAGES.verified)).toBeTruthy();
    expect(await hrefOf("Sign in")).toBe(`/login?returnTo=${encodeURIComponent("/user/chat/42?x=1")}`);
  });

  it("signed in, offers the page the link names before the one this browser remembered, and forgets the remembered one", async () => {
    setToken("a.b.c");
    rememberReturnTo("/skill-coins");
    openLink(`?returnTo=${encodeURIComponent("/user/chat/42")}`);
    expect(await hrefOf("Continue to the page you opened")).toBe("/user/chat/42");
    expect(rememberedReturnTo()).toBeNull();
  });

  it("ignores a page that leaves the site and falls back to the one this browser remembered", async () => {
    setToken("a.b.c");
    rememberReturnTo("/skill-coins");
    openLink(`?returnTo=${encodeURIComponent("//evil.example/x")}`);
    expect(await hrefOf("Continue to the page you opened")).toBe("/skill-coins");
  });

  it("with no safe page named or remembered, signed in goes to the dashboard", async () => {
    setToken("a.b.c");
    openLink(`?returnTo=${encodeURIComponent("https://evil.example")}`);
    expect(await hrefOf("Go to your dashboard")).toBe("/dashboard");
  });

  it("a link that no longer works, opened signed out, still signs in towards the page", async () => {
    openLink(`?returnTo=${encodeURIComponent("/user/chat/42")}`, false);
    expect(await screen.findByText(VERIFY_MESSAGES.linkInvalid)).toBeTruthy();
    expect(await hrefOf("Sign in to ask for a new link")).toBe(`/login?returnTo=${encodeURIComponent("/user/chat/42")}`);
  });

  it("signed out with an unsafe page, signs in plainly", async () => {
    openLink(`?returnTo=${encodeURIComponent("/login?x")}`);
    expect(await hrefOf("Sign in")).toBe("/login");
  });
});
