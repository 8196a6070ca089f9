import v8 from 'node:v8';
import vm from 'node:vm';
import { signedInOrg, startBenchApp } from './fixtures.js';
import { insertRetro } from '../server/features/retros/retros.repo.js';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const heapMb = () => {
  gc();
  gc();
  return +(process.memoryUsage().heapUsed / 2 ** 20).toFixed(1);
};

/**
 * The server side of bench/retros-live.bench.ts: the real app in its own process with one team of
 * PEOPLE people (all signed in) and RETROS retros of that team, each with PEOPLE participants.
 * Reports heap (after GC) on request, for the memory per running retro.
 */
async function main(): Promise<void> {
  const people = Number(process.env.PEOPLE ?? 50);
  const count = Number(process.env.RETROS ?? 1);
  const { app, url } = await startBenchApp();
  const org = await signedInOrg(app, people + 1, 'Retro Corp', 'retro.example');
  const { db } = app.services;
  const teamId = (db.$client.prepare('select id from teams where organization_id = ? limit 1').get(org.orgId) as { id: string }).id;
  db.$client.prepare('update users set team_id = ? where organization_id = ?').run(teamId, org.orgId);
  const members = org.people.filter((p) => !p.admin);
  const retroIds = Array.from(
    { length: count },
    (_, i) =>
      insertRetro(
        db,
        org.orgId,
        {
          team_id: teamId,
          template_id: 'builtin:start-stop-continue',
          title: `Bench retro ${i + 1}`,
          facilitator_id: members[0]!.userId,
        } as never,
        members[0]!.userId,
      ).id,
  );
  process.on('message', (msg: { type: string }) => {
    if (msg.type === 'heap') process.send?.({ type: 'heap', mb: heapMb() });
    else if (msg.type === 'stop') void app.close().then(() => process.exit(0));
  });
  process.send?.({ type: 'ready', url, retroIds, tokens: members.map((p) => p.accessToken), baseHeapMb: heapMb() });
}

void main();
