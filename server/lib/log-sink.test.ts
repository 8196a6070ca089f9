import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { createLogSink } from './log-sink.js';

/** A destination whose reader takes nothing until `release()`, like a pipe nobody reads. */
function stuckReader() {
  const written: string[] = [];
  const held: Array<() => void> = [];
  let flowing = false;
  const out = new Writable({
    highWaterMark: 16,
    write(chunk: Buffer, _encoding, done) {
      written.push(chunk.toString());
      if (flowing) done();
      else held.push(done);
    },
  });
  return {
    out,
    written,
    release: () => {
      flowing = true;
      for (const done of held.splice(0)) done();
    },
  };
}

it('drops lines past the unread limit instead of queueing or blocking, and says how many once the reader takes output again', async () => {
  const { out, written, release } = stuckReader();
  const sink = createLogSink(out, 100);
  for (let i = 0; i < 50; i += 1) sink.write(`{"msg":"line ${i}"}\n`);
  // The first line went to the stuck reader; the next ones queued up to the limit; the rest were dropped.
  expect(sink.dropped()).toBeGreaterThan(40);
  const queued = 50 - sink.dropped();
  release();
  await new Promise((r) => setImmediate(r));
  sink.write('{"msg":"after"}\n');
  await new Promise((r) => setImmediate(r));
  expect(written).toHaveLength(queued + 2);
  expect(JSON.parse(written[queued]!)).toMatchObject({ level: 40, msg: `${sink.dropped()} log lines were dropped: stdout was not being read` });
  expect(written[queued + 1]).toBe('{"msg":"after"}\n');
});

it('survives a reader that is gone (EPIPE): no crash, later lines are dropped', () => {
  const out = new Writable({
    write(_chunk, _encoding, done) {
      done(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    },
  });
  const sink = createLogSink(out);
  sink.write('{"msg":"first"}\n');
  return new Promise<void>((resolve) =>
    setImmediate(() => {
      expect(() => sink.write('{"msg":"second"}\n')).not.toThrow();
      expect(sink.dropped()).toBe(1);
      resolve();
    }),
  );
});
