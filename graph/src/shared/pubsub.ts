import { createPubSub, type PubSub } from "@graphql-yoga/subscription";
import type { Logger } from "./logger.js";
import { redisTransport } from "./pubsub-redis.js";

/**
 * Every realtime topic and its payload: broadcast topics here, addressed ones below. Payloads are
 * JSON-safe (they cross Redis) and fully resolved before publishing, so fan-out runs no query per
 * subscriber. A module's own topics are declared beside their payload types, in the module, by
 * merging into these interfaces (`declare module "../../shared/pubsub.js" { interface AddressedTopics
 * { ... } }`, see chat/chat-events.ts), so this file imports nothing from the modules.
 */
export interface Topics {
  /** Used by the health check and the cross-instance test. */
  SYSTEM_PING: { id: string; at: string };
  /** Something that can move the leaderboard committed (coins, a rating, a new student): every instance drops its cached ranking. */
  LEADERBOARD_CHANGED: { at: string; probe?: string };
}

/**
 * Topics addressed to one id (a student or a chat): published and subscribed with that id, so an
 * event reaches only its own listeners (one Redis channel per id) and costs work in proportion to
 * its recipients, not to everyone connected.
 */
export interface AddressedTopics {
  /** id = the student. Every token of theirs was revoked (logout, password reset): their sockets close. */
  SESSION_REVOKED: { userId: string };
  // Declared by their modules: NOTIFICATION_ADDED (notifications/notification-events.ts),
  // MESSAGE_ADDED and CHAT_UPDATED (chat/chat-events.ts), LESSON_CHANGED (lessons/lesson-events.ts).
}

export type TopicName = keyof Topics;
export type AddressedTopicName = keyof AddressedTopics;
type YogaTopics = { [K in TopicName]: [Topics[K]] } & { [K in AddressedTopicName]: [id: string, payload: AddressedTopics[K]] };
export type AppPubSub = PubSub<YogaTopics> & {
  /**
   * Calls `handler` with each event of an addressed topic until the returned function is called:
   * a plain listener where `subscribe`'s async iterator would cost a repeater and a loop per
   * listener (server/ws.ts keeps one per open socket).
   */
  listen<K extends AddressedTopicName>(topic: K, id: string, handler: (payload: AddressedTopics[K]) => void): () => void;
  /**
   * The events of an addressed topic (those `keep` accepts) as the async iterator a GraphQL
   * subscription returns: a listener and a small queue, where `subscribe` plus yoga's
   * pipe/filter hold two repeaters with their promise queues for the whole life of the socket.
   * `return()` (the subscription ending) stops listening.
   */
  events<K extends AddressedTopicName>(
    topic: K,
    id: string,
    keep?: (payload: AddressedTopics[K]) => boolean,
  ): AsyncIterableIterator<AddressedTopics[K]>;
  /** Listeners on this instance for `TOPIC`, `TOPIC:id` or, for an addressed topic, every id: lets tests wait until a subscription is live. */
  listenerCount(topic: TopicName | AddressedTopicName | `${AddressedTopicName}:${string}`): number;
  /** Whether anyone listens to `TOPIC:id` on any instance (this one's listeners; with Redis, every instance's subscriptions). */
  hasListeners(topic: AddressedTopicName, id: string): Promise<boolean>;
  /** Of `ids`, those with a listener to `TOPIC:id` on any instance (one Redis round trip for all of them). */
  listenersAmong(topic: AddressedTopicName, ids: readonly string[]): Promise<Set<string>>;
  /**
   * Records that the last listener of `TOPIC:id` on this instance went away at `at` (a clock's time), for
   * presence's grace period; shared through Redis when configured, so every instance reads it.
   */
  noteLeft(topic: AddressedTopicName, id: string, at: Date): void;
  /** When the last listener of `TOPIC:id` left (see noteLeft), per id; ids never noted (or long ago) are absent. */
  lastLeft(topic: AddressedTopicName, ids: readonly string[]): Promise<Map<string, Date>>;
  close(): Promise<void>;
};

/**
 * The publish time (epoch ms) an event carries while it travels, for the delivery-lag metric. The
 * first listener on each instance reads and removes it, so subscribers never see it; an instance of
 * an older version ignores the extra field.
 */
const PUBLISHED_AT = "__publishedAt";

/** Delegates to the real event target and counts listeners per event type; with `onLag`, measures delivery lag. */
class CountingEventTarget implements EventTarget {
  private counts = new Map<string, number>();
  private readonly timed = new WeakMap<object, EventListener>();
  constructor(
    private readonly inner: EventTarget,
    private readonly onLag?: (seconds: number) => void,
  ) {}
  /** The listener as registered on the inner target: with lag metrics, one that takes the publish time off first. */
  private wrapped(cb: EventListenerOrEventListenerObject | null): EventListenerOrEventListenerObject | null {
    const onLag = this.onLag;
    if (!onLag || !cb) return cb;
    let w = this.timed.get(cb);
    if (!w) {
      w = (event: Event) => {
        const detail = (event as CustomEvent).detail as Record<string, unknown> | null;
        if (detail && typeof detail === "object" && typeof detail[PUBLISHED_AT] === "number") {
          onLag((Date.now() - (detail[PUBLISHED_AT] as number)) / 1000);
          delete detail[PUBLISHED_AT];
        }
        if (typeof cb === "function") cb(event);
        else cb.handleEvent(event);
      };
      this.timed.set(cb, w);
    }
    return w;
  }
  addEventListener(type: string, cb: EventListenerOrEventListenerObject | null, options?: AddEventListenerOptions | boolean) {
    this.counts.set(type, (this.counts.get(type) ?? 0) + 1);
    this.inner.addEventListener(type, this.wrapped(cb), options);
  }
  removeEventListener(type: string, cb: EventListenerOrEventListenerObject | null, options?: EventListenerOptions | boolean) {
    // Addressed topics come and go with their chats and students: a topic nobody listens to is forgotten.
    const n = (this.counts.get(type) ?? 0) - 1;
    if (n > 0) this.counts.set(type, n);
    else this.counts.delete(type);
    this.inner.removeEventListener(type, (cb && this.timed.get(cb)) ?? cb, options);
  }
  dispatchEvent(event: Event) {
    const detail = (event as CustomEvent).detail as unknown;
    // A copy carries the publish time: the publisher's own object is left as it was.
    if (this.onLag && detail && typeof detail === "object" && !Array.isArray(detail)) {
      return this.inner.dispatchEvent(new CustomEvent(event.type, { detail: { ...detail, [PUBLISHED_AT]: Date.now() } }));
    }
    return this.inner.dispatchEvent(event);
  }
  count(type: string) {
    let n = this.counts.get(type) ?? 0;
    if (!type.includes(":")) for (const [k, v] of this.counts) if (k.startsWith(`${type}:`)) n += v;
    return n;
  }
}

/** How events travel between publishers and listeners, and what instances share about listeners. */
export interface PubSubTransport {
  /** Where events are dispatched and listened for. */
  target: EventTarget;
  close(): Promise<void>;
  /** Whether `channel` (`TOPIC:id`) has a listener this instance's own count does not show (with Redis, any instance's). */
  remoteListeners(channel: string): Promise<boolean>;
  /** Of `channels`, those with such a listener (one round trip for all of them). */
  remoteListenersAmong(channels: string[]): Promise<Set<string>>;
  /** Records when the last listener of `key` (`TOPIC:id`) on this instance left. */
  noteLeft(key: string, at: Date): void;
  /** The recorded times of `keys`, in order (null: never noted, or forgotten). */
  lastLeft(keys: string[]): Promise<Array<Date | null>>;
}

/** Notes of "the last listener left" kept per process without Redis. */
const MAX_LOCAL_LEFT_NOTES = 10_000;

/** Without Redis: events stay in this process, and left times too (bounded: the oldest notes go first). */
function memoryTransport(): PubSubTransport {
  const leftLocal = new Map<string, Date>();
  return {
    target: new EventTarget(),
    close: async () => {},
    remoteListeners: async () => false,
    remoteListenersAmong: async () => new Set<string>(),
    noteLeft: (key, at) => {
      leftLocal.delete(key);
      leftLocal.set(key, at);
      if (leftLocal.size > MAX_LOCAL_LEFT_NOTES) leftLocal.delete(leftLocal.keys().next().value!);
    },
    lastLeft: async (keys) => keys.map((k) => leftLocal.get(k) ?? null),
  };
}

/** In-memory by default; Redis when REDIS_URL is set so every instance delivers to its subscribers. */
export function createAppPubSub(redisUrl?: string, logger?: Logger, onLag?: (seconds: number) => void): AppPubSub {
  const transport = redisUrl ? redisTransport(redisUrl, logger) : memoryTransport();
  const eventTarget = new CountingEventTarget(transport.target, onLag);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- yoga types its event target per topic map; ours counts listeners of any topic
  const ps = createPubSub<YogaTopics>({ eventTarget: eventTarget as any });
  const listen = (topic: AddressedTopicName, id: string, handler: (payload: unknown) => void) => {
    const listener = (event: Event) => handler((event as CustomEvent).detail);
    eventTarget.addEventListener(`${topic}:${id}`, listener);
    let listening = true;
    return () => {
      if (listening) eventTarget.removeEventListener(`${topic}:${id}`, listener);
      listening = false;
    };
  };
  const events = <T>(topic: AddressedTopicName, id: string, keep?: (payload: T) => boolean) =>
    listenerIterator<T>((push) => listen(topic, id, (payload) => (!keep || keep(payload as T) ? push(payload as T) : undefined)));
  const hasListeners = async (topic: AddressedTopicName, id: string) =>
    eventTarget.count(`${topic}:${id}`) > 0 || transport.remoteListeners(`${topic}:${id}`);
  const listenersAmong = async (topic: AddressedTopicName, ids: readonly string[]) => {
    const found = new Set<string>();
    const elsewhere: string[] = [];
    for (const id of new Set(ids)) {
      if (eventTarget.count(`${topic}:${id}`) > 0) found.add(id);
      else elsewhere.push(id);
    }
    if (elsewhere.length) {
      const remote = await transport.remoteListenersAmong(elsewhere.map((id) => `${topic}:${id}`));
      for (const id of elsewhere) if (remote.has(`${topic}:${id}`)) found.add(id);
    }
    return found;
  };
  const lastLeftOf = async (topic: AddressedTopicName, ids: readonly string[]) => {
    const unique = [...new Set(ids)];
    const out = new Map<string, Date>();
    if (!unique.length) return out;
    const values = await transport.lastLeft(unique.map((id) => `${topic}:${id}`));
    unique.forEach((id, i) => {
      if (values[i]) out.set(id, values[i]!);
    });
    return out;
  };
  return Object.assign(ps, {
    listen: listen as AppPubSub["listen"],
    events: events as AppPubSub["events"],
    listenerCount: (topic: string) => eventTarget.count(topic),
    hasListeners,
    listenersAmong,
    noteLeft: (topic: AddressedTopicName, id: string, at: Date) => transport.noteLeft(`${topic}:${id}`, at),
    lastLeft: lastLeftOf,
    close: () => transport.close(),
  });
}

/** Events a consumer may fall behind by before its subscription ends (a socket that stopped reading). */
const MAX_QUEUED_EVENTS = 1024;

/** An async iterator over the values a listener receives; `start` registers it and returns how to stop. */
export function listenerIterator<T>(start: (push: (value: T) => void) => () => void): AsyncIterableIterator<T> {
  const queue: T[] = [];
  let waiting: ((result: IteratorResult<T>) => void) | null = null;
  let done = false;
  const finish = (): Promise<IteratorResult<T>> => {
    if (!done) {
      done = true;
      stop();
      queue.length = 0;
      waiting?.({ value: undefined, done: true });
      waiting = null;
    }
    return Promise.resolve({ value: undefined, done: true });
  };
  const stop = start((value) => {
    if (done) return;
    if (waiting) {
      const resolve = waiting;
      waiting = null;
      resolve({ value, done: false });
    } else if (queue.length >= MAX_QUEUED_EVENTS) void finish();
    else queue.push(value);
  });
  return {
    next: () =>
      queue.length
        ? Promise.resolve({ value: queue.shift()!, done: false })
        : done
          ? Promise.resolve({ value: undefined, done: true })
          : new Promise((resolve) => (waiting = resolve)),
    return: finish,
    throw: (error: unknown) => finish().then(() => Promise.reject(error)),
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
