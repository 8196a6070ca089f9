import type { PubSub } from '../../graphql/pubsub.js';

/**
 * The event stream of one retroChanged subscription, coalesced: the first event comes at once (the
 * current state: late join, reconnect); after that, any number of changes that arrive while an
 * event is being made and sent become ONE next event. The event carries no data: it is resolved
 * from the database when it is made, so a subscriber never gets an older state after a newer one
 * and never falls behind a queue of stale states. `onEnd` runs once when the subscription ends.
 * `isOpen` is asked before each event: false ends the subscription (complete) instead.
 */
export function retroEvents(pubsub: PubSub, topic: string, onEnd: () => void, isOpen: () => boolean = () => true): AsyncIterableIterator<true> {
  let dirty = true;
  let done = false;
  let pending: ((r: IteratorResult<true>) => void) | null = null;
  const off = pubsub.on(topic, () => {
    if (done) return;
    if (pending) {
      const resolve = pending;
      pending = null;
      if (!isOpen()) {
        resolve({ value: undefined, done: true });
        void finish();
        return;
      }
      resolve({ value: true, done: false });
    } else {
      dirty = true;
    }
  });
  const finish = (): Promise<IteratorResult<true>> => {
    if (!done) {
      done = true;
      off();
      pending?.({ value: undefined, done: true });
      pending = null;
      onEnd();
    }
    return Promise.resolve({ value: undefined, done: true });
  };
  return {
    next: () => {
      if (done) return Promise.resolve({ value: undefined, done: true });
      if (dirty) {
        dirty = false;
        if (!isOpen()) return finish();
        return Promise.resolve({ value: true, done: false });
      }
      return new Promise((resolve) => (pending = resolve));
    },
    return: finish,
    throw: (err: unknown) => {
      void finish();
      return Promise.reject(err instanceof Error ? err : new Error(String(err)));
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
