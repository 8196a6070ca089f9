import type { FastifyInstance } from 'fastify';

/**
 * Work that makes a first use faster but that nothing needs before the server answers (loading a
 * model, say): it runs once the server listens, on the next turn of the event loop, so a start is
 * not longer for it (docs/decisions/0062, warm start). An app that never listens (tests that only
 * inject) loads it on first use instead. A failure is a warning: the first use tries again.
 */
export function warmUpAfterListen(app: FastifyInstance, what: string, work: () => Promise<unknown>): void {
  app.addHook('onListen', (done) => {
    setImmediate(() => {
      work().catch((err: unknown) => app.log.warn({ err }, `${what} could not be loaded ahead of its first use`));
    });
    done();
  });
}
