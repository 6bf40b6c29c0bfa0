/**
 * Changes a module makes that a module above it keeps something for. A module never calls up
 * (docs/development.md, the layers): the lower module tells, the higher one listens, registering
 * when it is built. A module declares the changes it tells by augmenting `ChangeEvents`, as topics
 * augment pubsub's `AddressedTopics`:
 *
 *     declare module "../../shared/changes.js" {
 *       interface ChangeEvents { standingChanged: [em: EntityManager, userId: string] }
 *     }
 *
 * Listeners run at once, inside the teller's transaction (the `em` they are given), in the order
 * they registered. `tell` resolves once every listener has finished and rejects with a failure
 * (the change then fails with it, its transaction rolled back).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by module augmentation
export interface ChangeEvents {}

type Args<K extends keyof ChangeEvents> = ChangeEvents[K] extends unknown[] ? ChangeEvents[K] : never;
export type ChangeListener<K extends keyof ChangeEvents> = (...args: Args<K>) => void | Promise<void>;

export class Changes {
  private readonly listeners = new Map<keyof ChangeEvents, Array<ChangeListener<never>>>();

  /** Registers `listener` for `event`: the listening module calls this when it is built. */
  on<K extends keyof ChangeEvents>(event: K, listener: ChangeListener<K>): void {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener as unknown as ChangeListener<never>]);
  }

  /** Tells every listener of `event` (each called before this returns), resolving when all have finished. */
  tell<K extends keyof ChangeEvents>(event: K, ...args: Args<K>): Promise<void> {
    const pending = (this.listeners.get(event) ?? []).map((listener) => (listener as unknown as ChangeListener<K>)(...args));
    return Promise.all(pending).then(() => undefined);
  }
}
