import { PUSH_MESSAGES as M } from "../../../../common/notifications.js";
import { badInput } from "../../shared/errors.js";

export interface PushSubscriptionInput {
  endpoint: unknown;
  keys: { p256dh: unknown; auth: unknown } | null | undefined;
}

export interface CleanSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export const MAX_ENDPOINT = 2048;
const base64url = /^[A-Za-z0-9_-]+={0,2}$/;

/**
 * A browser's `PushSubscription.toJSON()` checked before the server ever posts to it: the endpoint is
 * an https URL on a named host (never an address, localhost or a local name: the server would post
 * to it), or, only when PUSH_LOCAL_ENDPOINTS is on (tests), http://127.0.0.1. The keys are the
 * uncompressed P-256 point (65 bytes) and the 16-byte auth secret RFC 8291 encrypts to.
 */
export function cleanSubscription(input: PushSubscriptionInput, allowLocal: boolean): CleanSubscription {
  const endpoint = typeof input?.endpoint === "string" ? input.endpoint.trim() : "";
  if (!endpoint || endpoint.length > MAX_ENDPOINT || !endpointAllowed(endpoint, allowLocal)) {
    throw badInput(M.badEndpoint, { field: "endpoint" });
  }
  const p256dh = keyOf(input.keys?.p256dh, 65);
  const auth = keyOf(input.keys?.auth, 16);
  if (!p256dh || !auth || Buffer.from(p256dh, "base64url")[0] !== 4) throw badInput(M.badKeys, { field: "keys" });
  return { endpoint, p256dh, auth };
}

function keyOf(v: unknown, bytes: number): string | null {
  if (typeof v !== "string" || !base64url.test(v)) return null;
  const raw = Buffer.from(v, "base64url");
  return raw.length === bytes ? raw.toString("base64url") : null;
}

function endpointAllowed(endpoint: string, allowLocal: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password || url.hash) return false;
  if (allowLocal && url.protocol === "http:" && url.hostname === "127.0.0.1") return true;
  if (url.protocol !== "https:") return false;
  const host = url.hostname.toLowerCase();
  // Push services are public, named hosts: refuse addresses and local names outright.
  if (host.startsWith("[") || /^[\d.]+$/.test(host) || !host.includes(".")) return false;
  return !/(^|\.)(localhost|local|internal|lan|home|corp|localdomain)$/.test(host);
}

/** "Chrome on Android": what the device list calls a browser, from its User-Agent (nothing else is kept). */
export function deviceLabel(userAgent: unknown): string {
  const ua = typeof userAgent === "string" ? userAgent.slice(0, 512) : "";
  const browser = /Edg(e|A|iOS)?\//.test(ua)
    ? "Edge"
    : /OPR\/|Opera/.test(ua)
      ? "Opera"
      : /SamsungBrowser\//.test(ua)
        ? "Samsung Internet"
        : /Firefox\/|FxiOS\//.test(ua)
          ? "Firefox"
          : /Chrome\/|CriOS\/|Chromium\//.test(ua)
            ? "Chrome"
            : /Safari\//.test(ua)
              ? "Safari"
              : "Browser";
  const os = /Android/.test(ua)
    ? "Android"
    : /iPhone|iPad|iPod/.test(ua)
      ? "iOS"
      : /CrOS/.test(ua)
        ? "ChromeOS"
        : /Windows/.test(ua)
          ? "Windows"
          : /Mac OS X|Macintosh/.test(ua)
            ? "macOS"
            : /Linux/.test(ua)
              ? "Linux"
              : "";
  return os ? `${browser} on ${os}` : browser;
}
