/**
 * The browser's side of Web Push, behind one small interface so the settings page can be tested
 * without a real push service: whether push can work here, the permission, this browser's current
 * subscription, and subscribing (only ever called from a click) or unsubscribing.
 */
export interface BrowserPush {
  supported(): boolean;
  permission(): NotificationPermission;
  /** Asks for permission (shows the browser's prompt when it has not been answered). */
  requestPermission(): Promise<NotificationPermission>;
  /** This browser's subscription's endpoint, or null. */
  currentEndpoint(): Promise<string | null>;
  /** Subscribes with the server's VAPID public key; returns `PushSubscription.toJSON()`'s endpoint and keys. */
  subscribe(publicKey: string): Promise<{ endpoint: string; keys: { p256dh: string; auth: string } }>;
  unsubscribe(): Promise<void>;
  userAgent(): string;
}

/** Thrown when the app's service worker is not registered (push needs it to show notifications). */
export class NoServiceWorkerError extends Error {}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = (value + "=".repeat((4 - (value.length % 4)) % 4)).replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  // `ready` never settles without a registration: look first, so the page can say so instead of waiting.
  if (!(await navigator.serviceWorker.getRegistration())) throw new NoServiceWorkerError();
  return navigator.serviceWorker.ready;
}

export const browserPush: BrowserPush = {
  supported: () => typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window,
  permission: () => Notification.permission,
  requestPermission: () => Notification.requestPermission(),
  async currentEndpoint() {
    const reg = await navigator.serviceWorker.getRegistration();
    const sub = reg ? await reg.pushManager.getSubscription() : null;
    return sub?.endpoint ?? null;
  },
  async subscribe(publicKey) {
    const reg = await registration();
    const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(publicKey) });
    const json = sub.toJSON();
    return { endpoint: sub.endpoint, keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" } };
  },
  async unsubscribe() {
    const reg = await navigator.serviceWorker.getRegistration();
    const sub = reg ? await reg.pushManager.getSubscription() : null;
    await sub?.unsubscribe();
  },
  userAgent: () => navigator.userAgent,
};
