/**
 * What the pubsub (pubsub.ts) asks of a transport, and what a transport calls back with: a leaf,
 * so the transports (the in-memory one in pubsub.ts, pubsub-redis.ts) depend on it and not on the
 * pubsub that picks them.
 */

/** How events travel between instances, and what instances share about listeners. */
export interface PubSubTransport {
  /** Sends an event to `channel` on every instance; this one's listeners get it through `deliver` too. */
  publish(channel: string, payload: object): void;
  /**
   * This instance's first listener of `channel` came (subscribe) or its last went (unsubscribe). What
   * subscribe returns settles once events published to `channel` from then on reach this instance (Redis:
   * it acknowledged the SUBSCRIBE), or the subscribe failed (reported, never rejected).
   */
  subscribe(channel: string): Promise<void> | void;
  unsubscribe(channel: string): void;
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

/** What a transport calls with each event for this instance's listeners. */
export type Deliver = (channel: string, payload: unknown) => void;
