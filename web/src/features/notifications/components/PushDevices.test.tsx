import { InMemoryCache } from "@apollo/client";
import { MockedProvider } from "@apollo/client/testing/react";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { PushDevicesDocument, PushPublicKeyDocument, RemovePushDeviceDocument, SubscribePushDeviceDocument } from "../../../gql/graphql";
import { typePolicies } from "../../../lib/type-policies";
import { type BrowserPush, NoServiceWorkerError } from "../utils/push";
import { PUSH_TEXTS, PushDevices } from "./PushDevices";

const KEY = "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8";
const ENDPOINT = "https://fcm.googleapis.com/fcm/send/this-browser";
const keys = {
  p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
  auth: "tBHItJI5svbpez7KI4CCXg",
};
const device = (id: string, endpoint: string, label = "Chrome on Android") => ({
  __typename: "PushDevice",
  id,
  label,
  endpoint,
  createdAt: "2026-01-05T09:00:00.000Z",
  lastUsedAt: null,
});
const page = (...nodes: ReturnType<typeof device>[]) => ({
  data: { pushDevices: { __typename: "PushDeviceConnection", edges: nodes.map((node) => ({ __typename: "PushDeviceEdge", node })) } },
});
const listed = (...nodes: ReturnType<typeof device>[]) => ({ request: { query: PushDevicesDocument }, result: page(...nodes) });
const publicKey = { request: { query: PushPublicKeyDocument }, result: { data: { pushPublicKey: KEY } } };

function fakeBrowser(over: Partial<BrowserPush> = {}): BrowserPush {
  return {
    supported: () => true,
    permission: () => "default",
    requestPermission: vi.fn(async () => "granted" as NotificationPermission),
    currentEndpoint: async () => null,
    subscribe: vi.fn(async () => ({ endpoint: ENDPOINT, keys })),
    unsubscribe: vi.fn(async () => undefined),
    userAgent: () => "Mozilla/5.0 (Linux; Android 14) Chrome/126.0 Mobile Safari/537.36",
    ...over,
  };
}

function renderWith(browser: BrowserPush, mocks: unknown[]) {
  render(
    <MockedProvider mocks={mocks as never} cache={new InMemoryCache({ typePolicies })}>
      <PushDevices browser={browser} />
    </MockedProvider>,
  );
}

/**
 * The "Turn on" button once it can be pressed: it waits for the devices and for this browser's own
 * subscription, which an effect asks the browser for (either may come second).
 */
async function turnOnButton(): Promise<HTMLButtonElement> {
  const button = await screen.findByRole<HTMLButtonElement>("button", { name: "Turn on push for this device" });
  await waitFor(() => expect(button.disabled).toBe(false));
  return button;
}

describe("PushDevices", () => {
  it("asks for permission only after the click, subscribes with the server's key and lists the device as this one", async () => {
    const browser = fakeBrowser();
    const subscribe = {
      request: {
        query: SubscribePushDeviceDocument,
        variables: { subscription: { endpoint: ENDPOINT, keys, userAgent: browser.userAgent() } },
      },
      result: { data: { subscribePushDevice: device("d1", ENDPOINT) } },
    };
    renderWith(browser, [listed(), publicKey, subscribe, listed(device("d1", ENDPOINT))]);
    expect(await screen.findByText(PUSH_TEXTS.none)).toBeTruthy();
    expect(browser.requestPermission).not.toHaveBeenCalled();
    fireEvent.click(await turnOnButton());
    const on = await screen.findByRole("status");
    expect(on.textContent).toContain(PUSH_TEXTS.turnedOn);
    // In the feedback bar at the bottom of the screen.
    expect(screen.getByTestId("action-feedback").contains(on)).toBe(true);
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.subscribe).toHaveBeenCalledWith(KEY);
    const item = (await screen.findByText("This device")).closest("li")!;
    expect(within(item).getByText(/Chrome on Android/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Turn off on this device" })).toBeTruthy();
  });

  it("removes another device, and turning this one off also unsubscribes the browser", async () => {
    const browser = fakeBrowser({ currentEndpoint: async () => ENDPOINT });
    const other = device("d2", "https://updates.push.services.mozilla.com/wpush/v2/x", "Firefox on Windows");
    renderWith(browser, [
      listed(device("d1", ENDPOINT), other),
      publicKey,
      { request: { query: RemovePushDeviceDocument, variables: { id: "d2" } }, result: { data: { removePushDevice: true } } },
      listed(device("d1", ENDPOINT)),
      { request: { query: RemovePushDeviceDocument, variables: { id: "d1" } }, result: { data: { removePushDevice: true } } },
      listed(),
    ]);
    fireEvent.click(await screen.findByRole("button", { name: "Remove Firefox on Windows" }));
    expect((await screen.findByRole("status")).textContent).toContain("The device was removed.");
    expect(browser.unsubscribe).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByRole("button", { name: "Turn off on this device" }));
    expect(await screen.findByText(PUSH_TEXTS.none)).toBeTruthy();
    expect(browser.unsubscribe).toHaveBeenCalledTimes(1);
    expect(screen.getByText(PUSH_TEXTS.off)).toBeTruthy();
  });

  it("explains a browser without push and offers no button", async () => {
    renderWith(fakeBrowser({ supported: () => false }), [listed()]);
    expect(await screen.findByText(PUSH_TEXTS.unsupported)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Turn on push for this device" })).toBeNull();
  });

  it("says so when the permission is blocked", async () => {
    renderWith(fakeBrowser({ permission: () => "denied" }), [listed(), publicKey]);
    expect(await screen.findByText(PUSH_TEXTS.denied)).toBeTruthy();
  });

  it("says once, aloud, that notifications were blocked at the prompt", async () => {
    const blocking = fakeBrowser({ requestPermission: vi.fn(async () => "denied" as NotificationPermission) });
    renderWith(blocking, [listed(), publicKey]);
    await screen.findByText(PUSH_TEXTS.none);
    fireEvent.click(await turnOnButton());
    expect((await screen.findByRole("alert")).textContent).toContain(PUSH_TEXTS.denied);
    expect(screen.getAllByText(PUSH_TEXTS.denied)).toHaveLength(1);
    expect(document.activeElement?.textContent).toContain(PUSH_TEXTS.denied);
    expect(screen.queryByRole("button", { name: "Turn on push for this device" })).toBeNull();
    expect(blocking.subscribe).not.toHaveBeenCalled();
  });

  it("keeps push off when the prompt is dismissed, and shows why a subscription failed", async () => {
    const dismissed = fakeBrowser({ requestPermission: vi.fn(async () => "default" as NotificationPermission) });
    renderWith(dismissed, [listed(), publicKey]);
    await screen.findByText(PUSH_TEXTS.none);
    fireEvent.click(await turnOnButton());
    expect((await screen.findByRole("alert")).textContent).toContain(PUSH_TEXTS.dismissed);
    expect(dismissed.subscribe).not.toHaveBeenCalled();
  });

  it("shows a clear error when the push service cannot be reached or the service worker is missing", async () => {
    const failing = fakeBrowser({
      subscribe: vi
        .fn()
        .mockRejectedValueOnce(new DOMException("Registration failed - push service error", "AbortError"))
        .mockRejectedValueOnce(new NoServiceWorkerError()),
    });
    renderWith(failing, [listed(), publicKey]);
    await screen.findByText(PUSH_TEXTS.none);
    fireEvent.click(await turnOnButton());
    expect((await screen.findByRole("alert")).textContent).toBe(
      `${PUSH_TEXTS.subscribeFailed} (Registration failed - push service error). Please try again later.`,
    );
    fireEvent.click(await turnOnButton());
    expect(await screen.findByText(PUSH_TEXTS.noWorker)).toBeTruthy();
  });
});
