import { EventEmitter } from 'node:events';

/**
 * In-process pub/sub for subscriptions. Topics are scoped by the publisher
 * (e.g. `user:<id>:updated`), so a subscriber only ever hears its own topic.
 */
export class PubSub {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  publish(topic: string, payload: unknown): void {
    this.emitter.emit(topic, payload);
  }

  listenerCount(topic: string): number {
    return this.emitter.listenerCount(topic);
  }

  on(topic: string, listener: (payload: unknown) => void): () => void {
    this.emitter.on(topic, listener);
    return () => this.emitter.off(topic, listener);
  }

  /** An async iterator over a topic's events; `return()` (on complete) removes the listener. */
  subscribe<T>(topic: string): AsyncIterableIterator<T> {
    const queue: T[] = [];
    let pending: ((r: IteratorResult<T>) => void) | null = null;
    let done = false;
    const off = this.on(topic, (payload) => {
      if (pending) {
        const resolve = pending;
        pending = null;
        resolve({ value: payload as T, done: false });
      } else if (queue.length < 1000) {
        queue.push(payload as T);
      }
    });
    const finish = (): Promise<IteratorResult<T>> => {
      done = true;
      off();
      queue.length = 0;
      pending?.({ value: undefined, done: true });
      pending = null;
      return Promise.resolve({ value: undefined, done: true });
    };
    return {
      next: () => {
        if (done) return Promise.resolve({ value: undefined, done: true });
        const value = queue.shift();
        if (value !== undefined) return Promise.resolve({ value, done: false });
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
}

export const topics = {
  userUpdated: (userId: string) => `user:${userId}:updated`,
  notificationAdded: (userId: string) => `user:${userId}:notification`,
  massCreateProgress: (orgId: string, batchId: string) => `org:${orgId}:mass:${batchId}`,
  sessionRevoked: 'session:revoked',
  /** Payload: { version } after a change of the retro's live state (server/features/retros/retros.live.ts). */
  retroChanged: (retroId: string) => `retro:${retroId}:changed`,
  /** Payload: the id of public praise that was given, deleted or reacted to (server/features/feedback/feedback.live.ts). */
  praiseWallChanged: (orgId: string) => `org:${orgId}:praise`,
} as const;
