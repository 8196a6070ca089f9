import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { closeDatabase, isDatabaseOpen } from '../db/connection.js';

/** From the first SIGTERM/SIGINT to exit, whatever happens (docs/decisions/0037). */
export const SHUTDOWN_DEADLINE_MS = 10_000;
/** Kept back from the deadline to write what was cut and exit. */
const EXIT_MARGIN_MS = 1_500;
/** A clean close waits at most this long for the last log lines to reach a reader that is reading. */
const DRAIN_MS = 500;

type InFlight = { method: string; url: string; startedAt: number };

export type ShutdownOptions = {
  deadlineMs?: number;
  /** The stream the log goes to: drained (briefly) before a clean exit. */
  out?: Writable;
  exit?: (code: number) => void;
  signals?: readonly NodeJS.Signals[];
};

export type Shutdown = {
  /** Closes the app in order, within the deadline; exits the process. */
  begin(reason: string): Promise<void>;
  /** What is still open: requests in flight, websockets, jobs running, the database. */
  pending(): string[];
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Graceful shutdown of the one process. On the first SIGTERM or SIGINT, `app.close()` runs
 * Fastify's order: stop accepting connections and tell websockets 1001 "going away" (preClose),
 * let requests in flight finish (server.close), then stop the scheduler, the mailer and close the
 * database (onClose, server/app.ts). A timer that nothing can hold up ends the process before
 * the deadline with one log line naming what it cut; a second signal does the same at once.
 */
export function installShutdown(app: FastifyInstance, options: ShutdownOptions = {}): Shutdown {
  const deadlineMs = options.deadlineMs ?? SHUTDOWN_DEADLINE_MS;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const inFlight = new Set<InFlight>();
  let startedAt = 0;
  let closing: Promise<void> | null = null;
  let exited = false;

  // The raw server sees every request, whatever Fastify's hooks and encapsulation.
  app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const entry: InFlight = { method: req.method ?? 'GET', url: (req.url ?? '/').split('?')[0]!.slice(0, 200), startedAt: Date.now() };
    inFlight.add(entry);
    res.once('close', () => inFlight.delete(entry));
  });

  function pending(includeDatabase = true): string[] {
    const now = Date.now();
    const out: string[] = [];
    if (inFlight.size)
      out.push(
        `${inFlight.size} request${inFlight.size === 1 ? '' : 's'} in flight (${[...inFlight]
          .slice(0, 5)
          .map((r) => `${r.method} ${r.url} for ${seconds(now - r.startedAt)}`)
          .join(', ')}${inFlight.size > 5 ? ', ...' : ''})`,
      );
    const sockets = (app as { websocketServer?: { clients: Set<unknown> } }).websocketServer?.clients.size ?? 0;
    if (sockets) out.push(`${sockets} open websocket${sockets === 1 ? '' : 's'}`);
    const jobs = app.services.scheduler.inProgress();
    if (jobs.length)
      out.push(
        `${jobs.length} job${jobs.length === 1 ? '' : 's'} running (${jobs.map((j) => `${j.kind} ${j.id}`).join(', ')}), to run again on the next start`,
      );
    if (includeDatabase && isDatabaseOpen(app.services.db)) out.push('the database was not closed yet (closed now; SQLite keeps every committed transaction)');
    return out;
  }

  function cut(why: string) {
    const open = pending();
    try {
      // Synchronous, so no statement is half-way: better-sqlite3 never yields inside one.
      if (isDatabaseOpen(app.services.db)) closeDatabase(app.services.db);
    } catch {
      // already closing; SQLite's journal covers it
    }
    if (exited) return;
    exited = true;
    app.log.error(
      { cut: open, ms: Date.now() - startedAt },
      `shutdown ${why}; cut: ${open.length ? open.join('; ') : 'nothing left open (a close step was stuck)'}`,
    );
    exit(1);
  }

  async function drain(): Promise<void> {
    const out = options.out;
    if (!out || out.writableLength === 0 || out.destroyed) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, DRAIN_MS);
      timer.unref();
      out.once('drain', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  function begin(reason: string): Promise<void> {
    if (closing) {
      cut(`forced by a second ${reason} after ${seconds(Date.now() - startedAt)}`);
      return closing;
    }
    startedAt = Date.now();
    const open = pending(false);
    app.log.info({ reason }, `shutting down (${reason})${open.length ? `: ${open.join('; ')}` : ''}`);
    // Not unref'd: it must fire even if every other handle is gone. setTimeout runs because
    // nothing on this thread blocks on output (server/lib/log-sink.ts).
    const deadline = setTimeout(() => cut(`did not finish within ${seconds(deadlineMs)}`), Math.max(0, deadlineMs - EXIT_MARGIN_MS));
    closing = app.close().then(
      async () => {
        clearTimeout(deadline);
        if (exited) return;
        exited = true;
        app.log.info({ ms: Date.now() - startedAt }, 'shut down cleanly');
        await drain();
        exit(0);
      },
      (err: unknown) => {
        clearTimeout(deadline);
        app.log.error({ err }, 'shutdown step failed');
        cut('failed');
      },
    );
    return closing;
  }

  for (const signal of options.signals ?? (['SIGTERM', 'SIGINT'] as const)) {
    process.on(signal, () => void begin(signal));
  }
  return { begin, pending };
}
