/**
 * Web Push on the settings page in Chromium (issue #37): with the notification permission granted
 * through the browser context, a click on "Turn on push for this device" goes through the service
 * worker's pushManager. This machine has no network, so Chromium's own push service (FCM) cannot be
 * reached and `pushManager.subscribe` fails: the test drives the real flow up to that call and holds
 * the page's clear error state, then checks the device list and its Remove button with a device
 * subscribed through the API (as another browser of the student would be). The server side of the
 * delivery runs against a local push service stand-in (graph/src/modules/notifications/push.test.ts).
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, gql, launchFullChromium, PHONE as PHONE_SIZE, withServiceWorker } from "./support/browser.js";
import { registerStudent, signedInPage } from "./support/students.js";

/** This suite is about the service worker: its contexts let it in (support/browser.ts newContext). */
const PHONE = withServiceWorker(PHONE_SIZE);

async function controlledBySw(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === "activated", null, { timeout: 60_000 });
}

describe("push notifications on the settings page in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    // The full browser: the run's headless shell denies the notification permission (support/chromium.ts).
    browser = await launchFullChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("asks nothing on load; after the click (permission granted) it calls pushManager.subscribe and shows why it failed; lists and removes devices", async () => {
    const student = await registerStudent("Pusher");
    const page = await signedInPage(browser, student, PHONE);
    await page.context().grantPermissions(["notifications"]);
    await page.goto("/settings/notifications");
    await controlledBySw(page);
    await page.reload();
    await page.getByRole("heading", { name: "Push notifications on this device" }).waitFor();
    await page.getByText("Push is not on for any of your devices.").waitFor();
    // Nothing subscribed on load.
    expect(await page.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription()) === null)).toBe(
      true,
    );
    expect(await page.evaluate(() => Notification.permission)).toBe("granted");

    const subscribeCalls = await page.evaluate(() => {
      const w = window as unknown as { subscribeCalls: number };
      w.subscribeCalls = 0;
      const original = PushManager.prototype.subscribe;
      PushManager.prototype.subscribe = function (this: PushManager, ...args: Parameters<PushManager["subscribe"]>) {
        w.subscribeCalls++;
        return original.apply(this, args);
      };
      return w.subscribeCalls;
    });
    expect(subscribeCalls).toBe(0);
    await page.getByRole("button", { name: "Turn on push for this device" }).click();
    // Chromium reaches pushManager.subscribe, which cannot reach FCM offline: the page says so.
    const alert = page.getByRole("alert").filter({ hasText: "This browser could not subscribe to push notifications" });
    await alert.waitFor({ timeout: 60_000 });
    expect(await alert.textContent()).toMatch(/could not subscribe to push notifications \(.+\)\. Please try again later\./);
    expect(await page.evaluate(() => (window as unknown as { subscribeCalls: number }).subscribeCalls)).toBe(1);
    expect(
      (await gql<{ pushDevices: { edges: unknown[] } }>("{ pushDevices { edges { node { id } } } }", {}, student.token)).pushDevices.edges,
    ).toEqual([]);
    await page.getByRole("button", { name: "Turn on push for this device" }).waitFor();

    // Another browser of the student has push on: listed here with a Remove button.
    const key = "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM";
    await fetch(`${baseURL()}/api/push/devices`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${student.token}`,
        "user-agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0",
      },
      body: JSON.stringify({
        endpoint: "https://updates.push.services.mozilla.com/wpush/v2/e2e-device",
        keys: { p256dh: key, auth: "tBHItJI5svbpez7KI4CCXg" },
      }),
    });
    await page.reload();
    const remove = page.getByRole("button", { name: "Remove Firefox on Windows" });
    await remove.waitFor();
    await remove.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("status").filter({ hasText: "The device was removed." }).waitFor();
    await page.getByText("Push is not on for any of your devices.").waitFor();
    await page.context().close();
  });
});
