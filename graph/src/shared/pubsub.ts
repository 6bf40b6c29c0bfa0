import type { Logger } from "./logger.js";
import { redisTransport } from "./pubsub-redis.js";
import type { Deliver, PubSubTransport } from "./pubsub-transport.js";

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
  /**
   * Something that can move the leaderboard committed (coins, a rating, a new student): every instance
   * patches the rows of `userIds` in its cached ranking, or drops it all when the event names none.
   * `from`: the publishing instance (which applied the change already).
   */
  LEADERBOARD_CHANGED: { at: string; probe?: string; userIds?: string[]; from?: string };
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

/**
 * The app's publish/subscribe: a map of channels to listeners in this process, and, with Redis,
 * one Redis channel per topic (`TOPIC`) or addressed topic and id (`TOPIC:id`). Those names and
 * the JSON messages are ours (and what earlier versions used, so instances of both talk during a
 * rolling deploy). With Redis, an event goes out through Redis and comes back to this instance's
 * listeners like to every other's, so every listener sees the same JSON-shaped payload.
 */
export interface AppPubSub {
  publish<K extends TopicName>(topic: K, payload: Topics[K]): void;
  publish<K extends AddressedTopicName>(topic: K, id: string, payload: AddressedTopics[K]): void;
  /** The events of a broadcast topic, as an async iterator (every one: none is dropped for a slow reader). */
  subscribe<K extends TopicName>(topic: K): AsyncIterable<Topics[K]>;
  /**
   * Calls `handler` with each event of an addressed topic until the returned function is called:
   * a plain listener, no iterator (server/ws.ts keeps one per open socket).
   */
  listen<K extends AddressedTopicName>(topic: K, id: string, handler: (payload: AddressedTopics[K]) => void): () => void;
  /**
   * Settles once the listeners this instance has for `TOPIC:id` receive every event published from then on, on
   * any instance: at once in memory; with Redis, when it acknowledged this instance's SUBSCRIBE (or the
   * subscribe failed, which is logged). For a subscriber that reads stored rows after it starts listening, so a
   * row committed after that read is published to it (e.g. messageAdded with `afterSeq`).
   */
  listening(topic: AddressedTopicName, id: string): Promise<void>;
  /**
   * The events of an addressed topic (those `keep` accepts) as the async iterator a GraphQL
   * subscription returns: a listener and a small queue. `return()` (the subscription ending) stops listening.
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
}

/** The channel of a broadcast topic, or of an addressed topic's id. */
const channelOf = (topic: string, id?: string) => (id === undefined ? topic : `${topic}:${id}`);

/**
 * The publish time (epoch ms) an event carries while it travels, for the delivery-lag metric. Each
 * instance reads and removes it once per event, before its listeners see the event.
 */
const PUBLISHED_AT = "__publishedAt";

/** Notes of "the last listener left" kept per process without Redis. */
const MAX_LOCAL_LEFT_NOTES = 10_000;

/** Without Redis: events go straight to this process's listeners, and left times stay here (bounded: the oldest notes go first). */
function memoryTransport(deliver: Deliver): PubSubTransport {
  const leftLocal = new Map<string, Date>();
  return {
    publish: deliver,
    subscribe: () => undefined,
    unsubscribe: () => undefined,
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

type Listener = (payload: unknown) => void;

/** In-memory by default; Redis when REDIS_URL is set so every instance delivers to its subscribers. */
export function createAppPubSub(redisUrl?: string, logger?: Logger, onLag?: (seconds: number) => void): AppPubSub {
  const listeners = new Map<string, Set<Listener>>();
  /** Per channel with listeners here: when the transport's subscription to it took effect (listening). */
  const subscribed = new Map<string, Promise<void>>();
  /** Listeners per topic, every id of an addressed topic together (listenerCount). */
  const perTopic = new Map<string, number>();
  const deliver: Deliver = (channel, payload) => {
    const set = listeners.get(channel);
    if (!set) return;
    if (payload && typeof payload === "object" && PUBLISHED_AT in payload) {
      const at = (payload as Record<string, unknown>)[PUBLISHED_AT];
      delete (payload as Record<string, unknown>)[PUBLISHED_AT];
      if (onLag && typeof at === "number") onLag((Date.now() - at) / 1000);
    }
    // A listener removed by an earlier one (a socket closed by the event) is not called; one added is not either.
    for (const listener of set.size === 1 ? set : [...set]) {
      if (!set.has(listener)) continue;
      try {
        listener(payload);
      } catch (err) {
        logger?.error({ err, channel }, "a pubsub listener failed");
      }
    }
  };
  const transport = redisUrl ? redisTransport(redisUrl, deliver, logger) : memoryTransport(deliver);

  const publish = (topic: string, ...args: unknown[]) => {
    const [id, payload] = args.length >= 2 ? [args[0] as string, args[1]] : [undefined, args[0]];
    // A copy carries the publish time: the publisher's own object is left as it was.
    transport.publish(channelOf(topic, id), onLag ? { ...(payload as object), [PUBLISHED_AT]: Date.now() } : (payload as object));
  };
  const add = (topic: string, id: string | undefined, listener: Listener) => {
    const channel = channelOf(topic, id);
    let set = listeners.get(channel);
    if (!set) {
      listeners.set(channel, (set = new Set()));
      subscribed.set(channel, Promise.resolve(transport.subscribe(channel)));
    }
    set.add(listener);
    perTopic.set(topic, (perTopic.get(topic) ?? 0) + 1);
    let listening = true;
    return () => {
      if (!listening) return;
      listening = false;
      set.delete(listener);
      // Addressed topics come and go with their chats and students: a channel nobody listens to is forgotten.
      if (!set.size && listeners.get(channel) === set) {
        listeners.delete(channel);
        subscribed.delete(channel);
        transport.unsubscribe(channel);
      }
      const n = perTopic.get(topic)! - 1;
      if (n > 0) perTopic.set(topic, n);
      else perTopic.delete(topic);
    };
  };
  const listen = (topic: AddressedTopicName, id: string, handler: (payload: never) => void) => add(topic, id, handler as Listener);
  const events = <T>(topic: AddressedTopicName, id: string, keep?: (payload: T) => boolean) =>
    listenerIterator<T>((push) => add(topic, id, (payload) => (!keep || keep(payload as T) ? push(payload as T) : undefined)));
  const subscribe = (topic: TopicName) => ({
    [Symbol.asyncIterator]: () => listenerIterator<unknown>((push) => add(topic, undefined, push), Infinity),
  });
  const listening = async (topic: AddressedTopicName, id: string) => {
    await subscribed.get(channelOf(topic, id));
  };
  const listenerCount = (name: string) => {
    const colon = name.indexOf(":");
    return colon < 0 ? (perTopic.get(name) ?? 0) : (listeners.get(name)?.size ?? 0);
  };
  const hasListeners = async (topic: AddressedTopicName, id: string) =>
    listeners.has(channelOf(topic, id)) || transport.remoteListeners(channelOf(topic, id));
  const listenersAmong = async (topic: AddressedTopicName, ids: readonly string[]) => {
    const found = new Set<string>();
    const elsewhere: string[] = [];
    for (const id of new Set(ids)) {
      if (listeners.has(channelOf(topic, id))) found.add(id);
      else elsewhere.push(id);
    }
    if (elsewhere.length) {
      const remote = await transport.remoteListenersAmong(elsewhere.map((id) => channelOf(topic, id)));
      for (const id of elsewhere) if (remote.has(channelOf(topic, id))) found.add(id);
    }
    return found;
  };
  const lastLeft = async (topic: AddressedTopicName, ids: readonly string[]) => {
    const unique = [...new Set(ids)];
    const out = new Map<string, Date>();
    if (!unique.length) return out;
    const values = await transport.lastLeft(unique.map((id) => channelOf(topic, id)));
    unique.forEach((id, i) => {
      if (values[i]) out.set(id, values[i]!);
    });
    return out;
  };
  return {
    publish: publish as AppPubSub["publish"],
    subscribe: subscribe as AppPubSub["subscribe"],
    listen: listen as AppPubSub["listen"],
    events: events as AppPubSub["events"],
    listening,
    listenerCount,
    hasListeners,
    listenersAmong,
    noteLeft: (topic, id, at) => transport.noteLeft(channelOf(topic, id), at),
    lastLeft,
    close: () => transport.close(),
  };
}

/** Events a consumer may fall behind by before its subscription ends (a socket that stopped reading). */
const MAX_QUEUED_EVENTS = 1024;

/** An async iterator over the values a listener receives; `start` registers it and returns how to stop. */
export function listenerIterator<T>(
  start: (push: (value: T) => void) => () => void,
  maxQueued = MAX_QUEUED_EVENTS,
): AsyncIterableIterator<T> {
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
    } else if (queue.length >= maxQueued) void finish();
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

/**
 * `first`, in order, then the values of `rest` that `keep` accepts: e.g. the rows a subscriber missed, read
 * after it started listening, then the live events (`keep` skipping those the rows already held). `return()`
 * ends `rest` at once, even while a `next()` waits on it (which that `next()` then answers as done): an async
 * generator looping over `rest` would only run its `finally` after `rest`'s next value, so a closed
 * subscription would keep its listener until the topic's next event.
 */
export function startWith<T>(
  first: readonly T[],
  rest: AsyncIterator<T>,
  keep: (value: T) => boolean = () => true,
): AsyncIterableIterator<T> {
  let i = 0;
  let done = false;
  const finish = async (): Promise<IteratorResult<T>> => {
    if (!done) {
      done = true;
      await rest.return?.();
    }
    return { value: undefined, done: true };
  };
  return {
    next: async () => {
      if (done) return { value: undefined, done: true };
      if (i < first.length) return { value: first[i++]!, done: false };
      for (;;) {
        const r = await rest.next();
        if (r.done || done) {
          done = true;
          return { value: undefined, done: true };
        }
        if (keep(r.value)) return r;
      }
    },
    return: finish,
    throw: (error: unknown) => finish().then(() => Promise.reject(error)),
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
