import type { Writable } from 'node:stream';

/** Log output the reader does not take is dropped beyond this many pending bytes. */
export const LOG_SINK_MAX_PENDING_BYTES = 1024 * 1024;

export type LogSink = {
  /** pino's stream interface: one serialized line at a time. */
  write(line: string): void;
  /** Lines dropped since start because the reader was gone or not reading. */
  dropped(): number;
};

/**
 * Where the server's log lines go: stdout, without ever blocking the process on it.
 *
 * pino's default destination writes synchronously; when the reader of a pipe stops reading,
 * it retries EAGAIN in a loop on the main thread (and again in its flush at exit), so the
 * process could neither log, nor serve, nor exit (docs/decisions/0037). Here writes go through
 * the stream's own asynchronous queue (process.stdout is asynchronous for pipes); past
 * `maxPendingBytes` unread bytes, or once the reader is gone (EPIPE), lines are dropped and
 * counted, and the count is written as soon as the reader takes output again.
 */
export function createLogSink(out: Writable = process.stdout, maxPendingBytes = LOG_SINK_MAX_PENDING_BYTES): LogSink {
  let broken = false;
  let dropped = 0;
  let unreported = 0;
  // EPIPE (the reader exited) and the like: an 'error' without a listener would crash the process.
  out.on('error', () => {
    broken = true;
  });
  return {
    write(line: string) {
      if (broken || out.destroyed || out.writableLength > maxPendingBytes) {
        dropped += 1;
        unreported += 1;
        return;
      }
      if (unreported > 0) {
        out.write(`${JSON.stringify({ level: 40, time: Date.now(), msg: `${unreported} log lines were dropped: stdout was not being read` })}\n`);
        unreported = 0;
      }
      out.write(line);
    },
    dropped: () => dropped,
  };
}
