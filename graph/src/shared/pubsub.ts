import { createPubSub, type PubSub } from "@graphql-yoga/subscription";
import { createRedisEventTarget } from "@graphql-yoga/redis-event-target";
import { Redis } from "ioredis";
import type { ChatStateEvent, MessageEvent } from "../modules/chat/chat-events.js";

/**
 * Every realtime topic and its payload, in one place. Payloads are fully resolved
 * before publishing so fan-out to many subscribers runs no query per subscriber.
 * Modules add their topic here.
 */
export interface Topics {
  /** Used by the health check and the cross-instance test. */
  SYSTEM_PING: { id: string; at: string };
  NOTIFICATION_ADDED: { recipientId: string; notificationId: string; payload: unknown };
  /** A new chat message; delivered to the chat's two participants only. */
  MESSAGE_ADDED: { participantIds: [string, string]; payload: MessageEvent };
  /** A chat's link, rating, finish or report changed; delivered to its two participants only. */
  CHAT_UPDATED: { participantIds: [string, string]; payload: ChatStateEvent };
}

export type TopicName = keyof Topics;
type YogaTopics = { [K in TopicName]: [Topics[K]] };
export type AppPubSub = PubSub<YogaTopics> & {
  /** Listeners on this instance for a topic: lets tests wait until a subscription is live. */
  listenerCount(topic: TopicName): number;
  close(): Promise<void>;
};

/** Delegates to the real event target and counts listeners per event type. */
class CountingEventTarget implements EventTarget {
  private counts = new Map<string, number>();
  constructor(private readonly inner: EventTarget) {}
  addEventListener(type: string, cb: EventListenerOrEventListenerObject | null, options?: AddEventListenerOptions | boolean) {
    this.counts.set(type, (this.counts.get(type) ?? 0) + 1);
    this.inner.addEventListener(type, cb, options);
  }
  removeEventListener(type: string, cb: EventListenerOrEventListenerObject | null, options?: EventListenerOptions | boolean) {
    this.counts.set(type, Math.max(0, (this.counts.get(type) ?? 0) - 1));
    this.inner.removeEventListener(type, cb, options);
  }
  dispatchEvent(event: Event) {
    return this.inner.dispatchEvent(event);
  }
  count(type: string) {
    return this.counts.get(type) ?? 0;
  }
}

/** In-memory by default; Redis when REDIS_URL is set so every instance delivers to its subscribers. */
export function createAppPubSub(redisUrl?: string): AppPubSub {
  let close = async () => {};
  let inner: EventTarget;
  if (!redisUrl) {
    inner = new EventTarget();
  } else {
    const publishClient = new Redis(redisUrl, { maxRetriesPerRequest: 3 });
    const subscribeClient = new Redis(redisUrl, { maxRetriesPerRequest: 3 });
    inner = createRedisEventTarget<any>({ publishClient, subscribeClient }) as unknown as EventTarget;
    close = async () => {
      await Promise.allSettled([publishClient.quit(), subscribeClient.quit()]);
    };
  }
  const eventTarget = new CountingEventTarget(inner);
  const ps = createPubSub<YogaTopics>({ eventTarget: eventTarget as any });
  return Object.assign(ps, { listenerCount: (topic: TopicName) => eventTarget.count(topic), close });
}
