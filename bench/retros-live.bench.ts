import WebSocket from 'ws';
import { forkBench } from './child.js';

export type RetroLiveBench = {
  participants: number;
  reflections: number;
  votes: number;
  errors: number;
  versions: number;
  reflect: { p50: number; p99: number; max: number };
  vote: { p50: number; p99: number; max: number };
  converged: number;
  heapPerRetroMb: number;
  baseHeapMb: number;
  heapMb: number;
};

const SUB = 'subscription($id: ID!) { retroChanged(id: $id) { version phase reflections { id text } groups { id my_votes } my_votes_left } }';

function stats(values: number[]) {
  const s = [...values].sort((a, b) => a - b);
  const at = (p: number) => (s.length ? s[Math.min(s.length - 1, Math.floor(p * s.length))]! : NaN);
  return { p50: Math.round(at(0.5)), p99: Math.round(at(0.99)), max: Math.round(s.at(-1) ?? NaN) };
}

type Client = { ws: WebSocket; version: number; seenAt: Map<number, number>; groups: string[] };

/**
 * A live retro with `people` participants, each with the meeting open over graphql-ws (retroChanged):
 * all write `perPerson` reflections at once over HTTP, then all use their votes at once. For each
 * burst: how long after the last change was committed (its HTTP answer) each client held the
 * server's final version. Memory: the server's heap after GC with the retro running and its
 * subscribers connected, minus before.
 */
export async function benchRetrosLive(people = 50, perPerson = 10): Promise<RetroLiveBench> {
  const server = forkBench('serve-retros.ts', { PEOPLE: String(people), RETROS: '1' });
  const ready = await server.next<{ url: string; retroIds: string[]; tokens: string[]; baseHeapMb: number }>('ready');
  const retroId = ready.retroIds[0]!;
  const post = async (token: string, query: string, variables: Record<string, unknown>) => {
    const res = await fetch(`${ready.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query, variables }),
    });
    return (await res.json()) as { data?: Record<string, any>; errors?: Array<{ message: string; extensions?: { code?: string } }> };
  };
  const wsUrl = `${ready.url.replace('http', 'ws')}/graphql`;
  const clients: Client[] = await Promise.all(
    ready.tokens.map(
      (token, i) =>
        new Promise<Client>((resolve, reject) => {
          const ws = new WebSocket(wsUrl, 'graphql-transport-ws');
          const c: Client = { ws, version: 0, seenAt: new Map(), groups: [] };
          ws.on('open', () => ws.send(JSON.stringify({ type: 'connection_init', payload: { access_token: token } })));
          ws.on('message', (raw) => {
            const msg = JSON.parse(String(raw)) as {
              type: string;
              payload?: { data?: { retroChanged?: { version: number; groups: Array<{ id: string }> } }; errors?: unknown };
            };
            if (msg.type === 'connection_ack')
              ws.send(JSON.stringify({ id: String(i), type: 'subscribe', payload: { query: SUB, variables: { id: retroId } } }));
            else if (msg.type === 'next') {
              const state = msg.payload?.data?.retroChanged;
              if (!state) return reject(new Error(`subscription error: ${JSON.stringify(msg.payload?.errors)}`));
              if (state.version > c.version) {
                c.version = state.version;
                c.seenAt.set(state.version, performance.now());
                c.groups = state.groups.map((g) => g.id);
              }
              if (c.seenAt.size === 1) resolve(c);
            } else if (msg.type === 'error') reject(new Error(JSON.stringify(msg.payload)));
          });
          ws.on('error', reject);
        }),
    ),
  );
  const facilitator = ready.tokens[0]!;
  let errors = 0;
  const toPhase = async (target: string) => {
    for (let i = 0; i < 10; i++) {
      const r = await post(facilitator, 'query($id: ID!) { retro(id: $id) { phase phases } }', { id: retroId });
      const { phase, phases } = r.data!.retro as { phase: string; phases: string[] };
      if (phase === target) return;
      const next = phases[phases.indexOf(phase) + 1]!;
      const moved = await post(facilitator, 'mutation($id: ID!, $f: RetroPhase!, $t: RetroPhase!) { setRetroPhase(id: $id, from: $f, to: $t) { phase } }', {
        id: retroId,
        f: phase,
        t: next,
      });
      if (moved.errors) throw new Error(`setRetroPhase: ${JSON.stringify(moved.errors)}`);
    }
  };
  const serverVersion = async () =>
    ((await post(facilitator, 'query($id: ID!) { retro(id: $id) { version } }', { id: retroId })).data!.retro as { version: number }).version;
  /** Latency per client from `committedAt` until it held `version` (0 when it had it before the HTTP answer arrived). */
  const converge = async (version: number, committedAt: number) => {
    const until = performance.now() + 10_000;
    while (clients.some((c) => c.version < version) && performance.now() < until) await new Promise((r) => setTimeout(r, 5));
    return clients.map((c) => {
      const at = [...c.seenAt]
        .filter(([v]) => v >= version)
        .map(([, t]) => t)
        .sort((a, b) => a - b)[0];
      return at === undefined ? 10_000 : Math.max(0, at - committedAt);
    });
  };

  await toPhase('REFLECT');
  const prompts = ['start', 'stop', 'continue'];
  let committedAt = 0;
  await Promise.all(
    ready.tokens.map(async (token, i) => {
      for (let k = 0; k < perPerson; k++) {
        const r = await post(token, 'mutation($r: ID!, $p: ID!, $t: String!) { addRetroReflection(retro_id: $r, prompt_id: $p, text: $t) { id } }', {
          r: retroId,
          p: prompts[(i + k) % prompts.length],
          t: `Person ${i} thought ${k}: the ${['deploys', 'reviews', 'standups', 'tests', 'pairing'][k % 5]} were ${['slow', 'great', 'noisy'][i % 3]}`,
        });
        if (r.errors) errors++;
        committedAt = Math.max(committedAt, performance.now());
      }
    }),
  );
  const reflectLatency = await converge(await serverVersion(), committedAt);

  await toPhase('VOTE');
  await new Promise((r) => setTimeout(r, 300));
  const groups = clients[0]!.groups;
  committedAt = 0;
  let votes = 0;
  await Promise.all(
    ready.tokens.map(async (token, i) => {
      for (let k = 0; k < 5; k++) {
        const r = await post(token, 'mutation($g: ID!) { voteRetroGroup(group_id: $g) { version } }', { g: groups[(i * 5 + k) % groups.length] });
        if (r.errors) errors++;
        else votes++;
        committedAt = Math.max(committedAt, performance.now());
      }
    }),
  );
  const finalVersion = await serverVersion();
  const voteLatency = await converge(finalVersion, committedAt);
  await new Promise((r) => setTimeout(r, 200));
  server.send({ type: 'heap' });
  const { mb } = await server.next<{ mb: number }>('heap');
  const converged = clients.filter((c) => c.version === finalVersion).length;
  for (const c of clients) c.ws.close(1000);
  await server.stop();
  return {
    participants: people,
    reflections: people * perPerson,
    votes,
    errors,
    versions: finalVersion,
    reflect: stats(reflectLatency),
    vote: stats(voteLatency),
    converged,
    heapPerRetroMb: +(mb - ready.baseHeapMb).toFixed(1),
    baseHeapMb: ready.baseHeapMb,
    heapMb: mb,
  };
}
