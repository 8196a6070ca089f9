import { monitorEventLoopDelay } from 'node:perf_hooks';
import Fastify from 'fastify';
import { topics } from '../server/graphql/pubsub.js';
import { accessToken, seedUsers, signedInOrg, startBenchApp, type MixedOrg } from './fixtures.js';

/**
 * The server side of the benchmarks, in its own process so that the load generator does not
 * share its thread: the real app with `USERS` users, and a plain Fastify route returning the
 * same row from the same SQLite file. Talks to the parent over IPC. RESPONSE_CACHE=off runs the
 * app without its response cache (the uncached figures).
 */
async function main(): Promise<void> {
  const count = Number(process.env.USERS ?? 5000);
  const { app, url } = await startBenchApp();
  const { adminEmail, userIds } = await seedUsers(app, count);
  const token = await accessToken(url, adminEmail);
  // ORGS=n: n more organizations of USERS people, each person with a signed-in session (bench/mixed.bench.ts).
  const orgs = Array.from({ length: Number(process.env.ORGS ?? 0) }, (_, i) => i);
  const people: MixedOrg[] = [];
  for (const i of orgs) people.push(await signedInOrg(app, count, `Org${i + 1} Ltd`, `org${i + 1}.example`));

  const plain = Fastify({ logger: false });
  const stmt = app.services.db.$client.prepare('select * from users where email = ?');
  plain.get('/user', async () => {
    const { password_hash: _omit, ...row } = stmt.get(adminEmail) as Record<string, unknown>;
    return { data: { findOneUser: row } };
  });
  await plain.listen({ port: 0, host: '127.0.0.1' });
  const plainUrl = `http://127.0.0.1:${(plain.server.address() as { port: number }).port}/user`;

  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  process.on('message', (msg: { type: string }) => {
    if (msg.type === 'publish') {
      // One event to every subscriber of the admin's userUpdated topic; the time is sent back.
      const sentAt = performance.timeOrigin + performance.now();
      app.services.pubsub.publish(topics.userUpdated(userIds[0]!), { userId: userIds[0] });
      process.send?.({ type: 'published', sentAt, listeners: app.services.pubsub.listenerCount(topics.userUpdated(userIds[0]!)) });
    } else if (msg.type === 'stats') {
      // Response cache hits and misses so far (bench/mixed.bench.ts; null when RESPONSE_CACHE=off), and
      // the event loop's delay since the previous stats (ms): stalls in the server vs a busy machine.
      const loop = { p99: +(loopDelay.percentile(99) / 1e6).toFixed(1), max: +(loopDelay.max / 1e6).toFixed(1) };
      loopDelay.reset();
      // The server's memory now (MB): resident, and the JavaScript heap in use (bench/mixed.bench.ts at scale).
      const mem = process.memoryUsage();
      const memory = { rssMb: Math.round(mem.rss / 2 ** 20), heapMb: Math.round(mem.heapUsed / 2 ** 20) };
      // CPU time the server process used so far (ms): its cost per request, whatever the machine's load.
      const cpu = process.cpuUsage();
      process.send?.({
        type: 'stats',
        cache: app.responseCache ? { ...app.responseCache.stats } : null,
        loop,
        memory,
        cpuMs: Math.round((cpu.user + cpu.system) / 1000),
      });
    } else if (msg.type === 'stop') {
      void Promise.all([plain.close(), app.close()]).then(() => process.exit(0));
    }
  });
  process.send?.({ type: 'ready', url, plainUrl, token, orgs: people });
}

void main();
