import { InMemoryCache } from "@apollo/client";
import { MockedProvider } from "@apollo/client/testing/react";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { GraphQLError } from "graphql";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { API_KEY_MESSAGES, MAX_API_KEYS } from "../../../../../common/api-keys";
import { ApiKeysDocument, CreateApiKeyDocument, RevokeApiKeyDocument } from "../../../gql/graphql";
import { typePolicies } from "../../../lib/type-policies";
import { API_KEY_TEXTS, ApiKeysPage } from "./ApiKeysPage";

const SECRET = `sxk_${"a1B2".repeat(10)}xyz`;
const key = (id: string, name: string, lastUsedAt: string | null = null) => ({
  __typename: "ApiKey",
  id,
  name,
  prefix: "sxk_a1B2a1",
  createdAt: "2026-01-05T09:00:00.000Z",
  lastUsedAt,
});
const listed = (...keys: ReturnType<typeof key>[]) => ({ request: { query: ApiKeysDocument }, result: { data: { apiKeys: keys } } });
const created = (name: string) => ({
  request: { query: CreateApiKeyDocument, variables: { name } },
  result: { data: { createApiKey: { __typename: "CreatedApiKey", secret: SECRET, key: key("k-new", name) } } },
});
const refused = (name: string, code: string, message: string) => ({
  request: { query: CreateApiKeyDocument, variables: { name } },
  result: { errors: [new GraphQLError(message, { extensions: { code } })] },
});

function renderPage(mocks: unknown[]) {
  const router = createMemoryRouter(
    [
      { path: "/settings/api-keys", element: <ApiKeysPage /> },
      { path: "/settings/notifications", element: <p>settings</p> },
      { path: "/register", element: <p>register</p> },
    ],
    { initialEntries: ["/settings/api-keys"] },
  );
  render(
    <MockedProvider mocks={mocks as never} cache={new InMemoryCache({ typePolicies })}>
      <RouterProvider router={router} />
    </MockedProvider>,
  );
  return router;
}

const nameField = () => screen.getByRole<HTMLInputElement>("textbox", { name: "Name" });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("ApiKeysPage", () => {
  it("leads to what a key reads: the REST reference and the GraphQL sandbox", async () => {
    renderPage([listed()]);
    expect((await screen.findByRole("link", { name: "REST API reference" })).getAttribute("href")).toBe("/api/docs");
    expect(screen.getByRole("link", { name: "GraphQL sandbox" }).getAttribute("href")).toBe("/sandbox");
  });

  it("creates a key, shows its secret once with a Copy button and the warning, and lists it as never used", async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    renderPage([listed(), created("Club website")]);
    expect(await screen.findByRole("heading", { name: API_KEY_TEXTS.empty })).toBeTruthy();

    fireEvent.change(nameField(), { target: { value: "  Club website " } });
    fireEvent.click(screen.getByRole("button", { name: "Create key" }));

    const secret = await screen.findByRole<HTMLInputElement>("textbox", { name: "Key for Club website" });
    expect(secret.value).toBe(SECRET);
    expect(secret.readOnly).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(secret));
    expect(screen.getByRole("heading", { name: API_KEY_TEXTS.secretTitle })).toBeTruthy();
    expect(screen.getByText(API_KEY_TEXTS.secretNote)).toBeTruthy();

    const list = screen.getByRole("list");
    expect(within(list).getByText("Club website")).toBeTruthy();
    expect(within(list).getByText("Never")).toBeTruthy();
    expect(screen.getByRole("heading", { name: `Your keys (1 of ${MAX_API_KEYS})` })).toBeTruthy();
    expect(nameField().value).toBe("");

    fireEvent.click(screen.getByRole("button", { name: "Copy" }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SECRET));
    expect((await screen.findByRole("status")).textContent).toContain(API_KEY_TEXTS.copied);

    // Gone for good once dismissed: the page never had it from the server but once.
    fireEvent.click(screen.getByRole("button", { name: "Done, I saved it" }));
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
  });

  it("says so at the field, and focuses it, for a blank name (nothing sent) and for the server's refusal", async () => {
    renderPage([listed(), refused("Bot", "BAD_USER_INPUT", API_KEY_MESSAGES.nameTooLong)]);
    await screen.findByRole("heading", { name: API_KEY_TEXTS.empty });
    fireEvent.change(nameField(), { target: { value: "   " } });
    fireEvent.click(screen.getByRole("button", { name: "Create key" }));
    expect((await screen.findByRole("alert")).textContent).toContain(API_KEY_MESSAGES.nameRequired);
    expect(document.activeElement).toBe(nameField());
    expect(nameField().getAttribute("aria-invalid")).toBe("true");

    fireEvent.change(nameField(), { target: { value: "Bot" } });
    expect(screen.queryByRole("alert")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Create key" }));
    expect((await screen.findByRole("alert")).textContent).toContain(API_KEY_MESSAGES.nameTooLong);
    expect(document.activeElement).toBe(nameField());
  });

  it("shows another refusal (too many keys) under the form", async () => {
    renderPage([listed(), refused("Bot", "CONFLICT", API_KEY_MESSAGES.tooMany)]);
    await screen.findByRole("heading", { name: API_KEY_TEXTS.empty });
    fireEvent.change(nameField(), { target: { value: "Bot" } });
    fireEvent.click(screen.getByRole("button", { name: "Create key" }));
    expect((await screen.findByRole("alert")).textContent).toContain(API_KEY_MESSAGES.tooMany);
  });

  it(`turns Create off at ${MAX_API_KEYS} keys and says why`, async () => {
    renderPage([listed(...Array.from({ length: MAX_API_KEYS }, (_, i) => key(`k${i}`, `Key ${i}`)))]);
    expect(await screen.findByText(API_KEY_MESSAGES.tooMany)).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Create key" }).disabled).toBe(true);
  });

  it("revokes a key only after the confirmation; Cancel keeps it", async () => {
    const revoke = {
      request: { query: RevokeApiKeyDocument, variables: { id: "k1" } },
      result: { data: { revokeApiKey: { __typename: "ApiKey", id: "k1", revokedAt: "2026-01-06T09:00:00.000Z" } } },
    };
    renderPage([listed(key("k1", "Club website", "2026-01-05T10:00:00.000Z"), key("k2", "Dashboard")), revoke]);
    const item = (await screen.findByText("Club website")).closest("li")!;
    expect(item.textContent).not.toContain("Never");

    fireEvent.click(within(item).getByRole("button", { name: "Revoke Club website" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Revoke Club website?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(screen.getByText("Club website")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Revoke Club website" }));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Revoke key" }));
    expect((await screen.findByRole("status")).textContent).toContain(API_KEY_TEXTS.revoked("Club website"));
    await waitFor(() => expect(screen.queryByText("Club website")).toBeNull());
    expect(screen.getByText("Dashboard")).toBeTruthy();
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("offers a retry when the list cannot be loaded", async () => {
    renderPage([{ request: { query: ApiKeysDocument }, error: new Error("offline") }, listed(key("k1", "Club website"))]);
    fireEvent.click(await screen.findByRole("button", { name: /try again|retry/i }));
    expect(await screen.findByText("Club website")).toBeTruthy();
  });
});
