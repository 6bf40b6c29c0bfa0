/// <reference lib="webworker" />
/**
 * The service worker (issue #37), built by vite-plugin-pwa (injectManifest) into /sw.js.
 *
 * - Precaches the hashed app shell (index.html, the JavaScript and CSS chunks, icons, manifest)
 *   listed by the build in `self.__WB_MANIFEST`; a new deployment is a new list, installed beside
 *   the old one and activated when the page says so (SKIP_WAITING, sent by web/src/lib/pwa.ts).
 * - Every navigation gets the precached index.html, so the app opens without the network; the
 *   server's own paths are left to the network.
 * - Nothing else is cached: GraphQL, REST, uploads and the health and metrics endpoints go to the
 *   network as if there were no service worker (no route matches them).
 * - Web Push: the contract the push module codes against, see the `push` listener below.
 */
import { clientsClaim } from "workbox-core";
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";

declare let self: ServiceWorkerGlobalScope;

/**
 * Paths the server answers itself: never served from the cache, never the app's index.html. The embed
 * (`/embed/leaderboard`, framed by other sites) is a page of the server's own: a student who had opened the
 * app got the app's 404 in its place, the "Embed this" preview included.
 */
const NETWORK_ONLY_PATHS = /^\/(?:graphql|api|uploads|metrics|healthz|readyz|sandbox|embed|__e2e)(?:[/?]|$)/;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** A file's address opened in the tab (/robots.txt, /sw.js, an icon): the file, not the app. */
const FILE_PATH = /\/[^/?]+\.[^/?]+$/;

registerRoute(new NavigationRoute(createHandlerBoundToURL("/index.html"), { denylist: [NETWORK_ONLY_PATHS, FILE_PATH] }));

// The first install takes the open tabs at once (they were served by the network, so nothing
// mixes); an update waits for the student's "Reload" (the message below).
clientsClaim();

self.addEventListener("message", (event) => {
  if ((event.data as { type?: unknown } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});

/** What a push message carries (JSON): only what the notification shows, and where a click goes. */
interface PushPayload {
  title: string;
  body?: string;
  /** Same-origin path or URL opened by a click; the app's start page when missing. */
  url?: string;
  /** A later notification with the same tag replaces the earlier one. */
  tag?: string;
}

const ICON = "/pwa-192x192.png";
const BADGE = "/pwa-64x64.png";

function parsePush(event: PushEvent): PushPayload | null {
  if (!event.data) return null;
  try {
    const payload = event.data.json() as Partial<PushPayload>;
    return typeof payload.title === "string" ? (payload as PushPayload) : null;
  } catch {
    return null;
  }
}

self.addEventListener("push", (event) => {
  const payload = parsePush(event);
  if (!payload) return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      icon: ICON,
      badge: BADGE,
      data: { url: payload.url ?? "/" },
    }),
  );
});

/** A click focuses an open tab of the app (moved to the notification's address) or opens one. */
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const raw = (event.notification.data as { url?: unknown } | null)?.url;
  const target = new URL(typeof raw === "string" ? raw : "/", self.location.origin);
  // Only the app's own addresses: a payload cannot send the student elsewhere.
  const url = target.origin === self.location.origin ? target.href : new URL("/", self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        const focused = await open.focus();
        await focused.navigate(url).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
