import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { warmUpAfterListen } from './warm-up.js';

it('runs once the server listens, not while it is built or made ready; a failure is a warning', async () => {
  const warnings: string[] = [];
  const app = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => void warnings.push(JSON.parse(line).msg as string) } } });
  const ran: string[] = [];
  let failed!: () => void;
  const failureLogged = new Promise<void>((resolve) => (failed = resolve));
  await app.register(async (child) => {
    warmUpAfterListen(child, 'the model', async () => void ran.push('model'));
    warmUpAfterListen(child, 'the lists', async () => {
      ran.push('lists');
      setImmediate(failed);
      throw new Error('not there');
    });
  });
  await app.ready();
  expect(ran).toEqual([]);

  await app.listen({ port: 0, host: '127.0.0.1' });
  expect(ran).toEqual([]); // not before the start goes on
  await failureLogged;
  expect(ran).toEqual(['model', 'lists']);
  expect(warnings).toEqual(['the lists could not be loaded ahead of its first use']);
  await app.close();
});
