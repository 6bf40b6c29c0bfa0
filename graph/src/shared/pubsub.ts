import { createPubSub, type PubSub } from "@graphql-yoga/subscription";
import { createRedisEventTarget } from "@graphql-yoga/redis-event-target";
import { Redis } from "ioredis";

/**
 * Every realtime topic and its payload, in one place. Payloads are fully resolved
 * before publishing so fan-out to many subscribers runs no query per subscriber.
 * Modules add their topic here.
 */
export interface Topics {
  /** Used by the health check and the cross-instance test. */
  SYSTEM_PING: { id: string; at: string };
  NOTIFICATION_ADDED: { recipientId: string; notificationId: string; payload: unknown };
  MESSAGE_ADDED: { participantIds: [string, string]; payload: unknown };
}

export type TopicName = keyof Topics;
type YogaTopics = { [K in TopicName]: [Topics[K]] };
export type AppPubSub = PubSub<YogaTopics> & { close(): Promise<void> };

/** In-memory by default; Redis when REDIS_URL is set so every instance delivers to its subscribers. */
export function createAppPubSub(redisUrl?: string): AppPubSub {
  if (!redisUrl) {
    const ps = createPubSub<YogaTopics>();
    return Object.assign(ps, { close: async () => {} });
  }
  const publishClient = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const subscribeClient = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const eventTarget = createRedisEventTarget<any>({ publishClient, subscribeClient });
  const ps = createPubSub<YogaTopics>({ eventTarget });
  return Object.assign(ps, {
    close: async () => {
      await Promise.allSettled([publishClient.quit(), subscribeClient.quit()]);
    },
  });
}
