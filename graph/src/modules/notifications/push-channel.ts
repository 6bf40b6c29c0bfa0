import { createHash } from "node:crypto";
import type { RequestDetails } from "web-push";
import type { UsersService } from "../accounts/users.service.js";
import type { Deps } from "../../shared/deps.js";
import type { DeliveryOutcome, OutboxChannel } from "../../shared/outbox.js";
import { lazyRequire } from "../../shared/lazy-require.js";
import { PushSubscription } from "./push-subscription.entity.js";
import type { PushMessage } from "./push-messages.js";
import type * as WebPush from "web-push";

/** One push to one device, as the outbox keeps it until the push service accepts it. */
export interface PushJob {
  deviceId: string;
  userId: string;
  message: PushMessage;
}

export const PUSH_CHANNEL = "push";
/** How long a push service keeps a push for an offline device (RFC 8030 TTL): a day. */
const TTL_SECONDS = 24 * 60 * 60;
const REQUEST_TIMEOUT_MS = 15_000;
/** `web-push` (and the https, asn1 and big-number code it brings) loads with the first push, not at start-up. */
const webpush = () => lazyRequire("web-push") as typeof WebPush;

/**
 * Sends one push to one device through its push service (RFC 8030 POST, VAPID per RFC 8292, the
 * payload encrypted to the browser's keys per RFC 8291 by `web-push`). The answer decides what the
 * outbox does: 201 sent; 404/410 the subscription is gone, so the device is removed and the item
 * dropped; 429 and 5xx (and no answer) retried later, after the service's Retry-After when it gives
 * one; any other refusal dropped (retrying the same request cannot help). Nothing goes to a device
 * that was removed or moved to another student meanwhile, nor to a student who may not be reached
 * now (unverified, suspended, deleted).
 */
export class PushChannel implements OutboxChannel<PushJob> {
  readonly name = PUSH_CHANNEL;

  constructor(
    private readonly deps: Deps,
    private readonly users: Pick<UsersService, "mailRecipients">,
  ) {}

  private devices() {
    return this.deps.dataSource.getRepository(PushSubscription);
  }

  async deliver(job: PushJob, item: { id: string; attempts: number }): Promise<DeliveryOutcome> {
    const device = await this.devices().findOne({ where: { id: job.deviceId } });
    if (!device || device.userId !== job.userId) return { kind: "drop", reason: "the device was removed" };
    const now = this.deps.clock.now();
    if (!(await this.users.mailRecipients([job.userId], now)).has(job.userId)) {
      return { kind: "drop", reason: "the student may not be reached now" };
    }
    const { publicKey, privateKey, subject } = this.deps.config.push;
    let request: RequestDetails;
    try {
      request = webpush().generateRequestDetails(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        JSON.stringify(job.message),
        {
          vapidDetails: { subject, publicKey, privateKey },
          TTL: TTL_SECONDS,
          contentEncoding: "aes128gcm",
          urgency: "normal",
          // A newer push with the same tag replaces one the push service still holds (RFC 8030 section 5.4).
          topic: createHash("sha256").update(job.message.tag).digest("base64url").slice(0, 32),
        },
      );
    } catch (err) {
      return { kind: "drop", reason: `the push could not be prepared: ${(err as Error).message}` };
    }
    const headers: Record<string, string> = {};
    // fetch sets the length from the body itself.
    for (const [k, v] of Object.entries(request.headers)) if (k.toLowerCase() !== "content-length") headers[k] = String(v);
    let res: Response;
    try {
      res = await fetch(request.endpoint, {
        method: request.method,
        headers,
        body: request.body ? new Uint8Array(request.body) : undefined,
        redirect: "manual",
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      await res.body?.cancel();
    } catch (err) {
      return { kind: "retry", error: `the push service did not answer: ${(err as Error).message}` };
    }
    if (res.status >= 200 && res.status < 300) {
      await this.devices().update({ id: device.id }, { lastUsedAt: now });
      return { kind: "sent" };
    }
    if (res.status === 404 || res.status === 410) {
      await this.devices().delete({ id: device.id, endpointHash: device.endpointHash });
      this.deps.logger.info({ deviceId: device.id, status: res.status, item: item.id }, "push subscription gone: device removed");
      return { kind: "drop", reason: `the push service answered ${res.status}: the subscription is gone` };
    }
    if (res.status === 429 || res.status >= 500) {
      const afterMs = retryAfterMs(res.headers.get("retry-after"), now);
      return { kind: "retry", error: `the push service answered ${res.status}`, ...(afterMs !== undefined ? { afterMs } : {}) };
    }
    return { kind: "drop", reason: `the push service refused it with ${res.status}` };
  }
}

/** Retry-After as seconds or an HTTP date (RFC 9110), in milliseconds from now; undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now: Date): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}
