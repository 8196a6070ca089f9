import type { FastifyInstance } from 'fastify';
import type { RetroPhase } from '../../../shared/retros.js';
import type { GqlResult } from '../../test/helpers.js';
import { createWorld, signInAs, type WorldCaller, type WorldPerson } from '../../test/world.js';

/**
 * Test support for the retros feature (server tests drive the real app). Everyone in a world is
 * signed in: `caller.gql(query, variables)` runs as them.
 */

export type Caller = WorldCaller;

/**
 * The test world (server/test/world.ts) as the retro tests use it, everyone signed in. Acme's team
 * "Core" holds four members, `members`: the report and three peers (Remy Report, Pia Peer, Paz Peer,
 * Pol Peer), whose direct manager `manager` (Mona Manager) manages the team; `admin`; `outsider`
 * (Olga Owl, of the team "Owls"). The retro rules give a team's lead the team manager's powers, so
 * here the world's lead is in no team and leads none: Core counts its four members (and the
 * deactivated person, who never counts). Globex: `otherAdmin` and `otherOrgMember` (its report, in
 * `otherOrgTeam`, "Globex Core").
 */
export async function retroWorld(app: FastifyInstance) {
  const { acme, globex } = await createWorld(app, { peers: 3 });
  const { $client } = app.services.db;
  $client.prepare('UPDATE teams SET team_lead_id = NULL WHERE id = ?').run(acme.team.id);
  $client.prepare('UPDATE users SET team_id = NULL WHERE id = ?').run(acme.lead.id);
  const as = (p: WorldPerson): Promise<Caller> => signInAs(app, p);
  const members: Caller[] = [];
  for (const p of [acme.report, ...acme.peers]) members.push(await as(p));
  return {
    org: acme.org,
    team: acme.team,
    otherTeam: acme.otherTeam,
    admin: await as(acme.admin),
    manager: await as(acme.manager),
    members,
    outsider: await as(acme.outsider),
    otherOrg: globex.org,
    otherOrgTeam: globex.team,
    otherAdmin: await as(globex.admin),
    otherOrgMember: await as(globex.report),
    world: { acme, globex },
  };
}
export type RetroWorld = Awaited<ReturnType<typeof retroWorld>>;

/** The fields of the meeting engine (retros.meeting.ts): safe to ask whatever other parts are done. */
export const RETRO_MEETING_FIELDS = `
  id title team { id name } sprint { id name ends_on } template_id template_name prompts { id title description colour }
  facilitator { id full_name } anonymous max_votes max_votes_per_group check_in_question health_statements
  phase phases scheduled_at reflect_deadline vote_deadline started_at ended_at version viewer_is_facilitator viewer_can_facilitate
  presence { id full_name } check_ins { user { id full_name } answer }
  health { index statement answers average distribution my_score }
  participation { participants team_size reflections votes_cast }
  created_at
`;

/** Every field of Retro (as the screens ask for it: client/features/retros/retro.types.ts RETRO_FIELDS). */
export const RETRO_FIELDS_TEST = `
  ${RETRO_MEETING_FIELDS}
  writing { people reflections per_prompt { prompt_id count } }
  reflections { id prompt_id text group_id mine author { id full_name } }
  groups { id title reflection_ids votes my_votes comments { id text mine author { id full_name } from_notes } discussed_seconds } my_votes_left
  previous_action_items { id retro_id retro_title team { id name } group_id text owner { id full_name } due_on status done_at created_at }
  action_items { id retro_id retro_title team { id name } group_id text owner { id full_name } due_on status done_at created_at }
  discussion { group_id started_at elapsed_seconds topic_minutes }
`;

export const CREATE_RETRO = `mutation($input: CreateRetroInput!) { createRetro(input: $input) { ${RETRO_MEETING_FIELDS} } }`;
export const SET_PHASE = `mutation($id: ID!, $from: RetroPhase!, $to: RetroPhase!) { setRetroPhase(id: $id, from: $from, to: $to) { id phase phases version started_at ended_at } }`;
export const GET_RETRO = `query($id: ID!) { retro(id: $id) { ${RETRO_MEETING_FIELDS} } }`;

function must<T>(r: GqlResult<Record<string, any>>, key: string): T {
  if (r.errors?.length || !r.data) throw new Error(`${key} failed: ${JSON.stringify(r.errors)}`);
  return r.data[key] as T;
}

/**
 * Creates a retro of `teamId` as `caller` (Start, Stop, Continue; the caller facilitates unless
 * overrides say otherwise) and returns it with the meeting fields. Throws on any error.
 */
export async function newRetro(caller: Pick<Caller, 'gql'>, teamId: string, overrides: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const r = await caller.gql(CREATE_RETRO, { input: { team_id: teamId, template_id: 'builtin:start-stop-continue', ...overrides } });
  return must(r, 'createRetro');
}

/**
 * Moves the retro phase by phase (as `caller`, who must be able to facilitate) until it is in
 * `phase`; returns { id phase phases version started_at ended_at }. SUMMARY ends the retro at once.
 */
export async function toPhase(caller: Pick<Caller, 'gql'>, retroId: string, phase: RetroPhase): Promise<Record<string, any>> {
  let retro = must<Record<string, any>>(
    await caller.gql(`query($id: ID!) { retro(id: $id) { id phase phases version started_at ended_at } }`, { id: retroId }),
    'retro',
  );
  const phases = retro.phases as RetroPhase[];
  if (!phases.includes(phase)) throw new Error(`this retro has no ${phase} phase (${phases.join(', ')})`);
  while (retro.phase !== phase) {
    const next = phase === 'SUMMARY' && retro.phase !== 'SCHEDULED' ? 'SUMMARY' : phases[phases.indexOf(retro.phase) + 1];
    if (!next || phases.indexOf(retro.phase) > phases.indexOf(phase)) throw new Error(`the retro is already past ${phase} (in ${retro.phase})`);
    retro = must(await caller.gql(SET_PHASE, { id: retroId, from: retro.phase, to: next }), 'setRetroPhase');
  }
  return retro;
}

export const RETRO_CHANGED = (fields = RETRO_MEETING_FIELDS) => `subscription($id: ID!) { retroChanged(id: $id) { ${fields} } }`;

/**
 * A real graphql-ws client subscribed to retroChanged as `caller`: every event's Retro is kept in
 * `events` (errors in `errors`); `waitFor(pred)` waits for an event matching pred; `terminate()`
 * cuts the socket (the client reconnects and subscribes again by itself); `dispose()` ends it.
 */
export type LiveClient = {
  events: Array<Record<string, any>>;
  errors: unknown[];
  latest: () => Record<string, any> | undefined;
  /** The first event (from index `since` on) matching pred. */
  waitFor: (pred: (retro: Record<string, any>) => boolean, ms?: number, since?: number) => Promise<Record<string, any>>;
  waitForError: (ms?: number) => Promise<unknown>;
  /** Resolves when the server completes the subscription. */
  waitForComplete: (ms?: number) => Promise<true>;
  terminate: () => void;
  dispose: () => Promise<void>;
};

export async function liveClient(
  url: string,
  caller: Pick<Caller, 'token'>,
  retroId: string,
  fields = RETRO_MEETING_FIELDS,
  opts: { retryAttempts?: number; retryWaitMs?: number } = {},
): Promise<LiveClient> {
  const { createClient } = await import('graphql-ws');
  const { default: WebSocket } = await import('ws');
  const client = createClient({
    url,
    webSocketImpl: WebSocket,
    connectionParams: { access_token: caller.token },
    retryAttempts: opts.retryAttempts ?? 5,
    retryWait: () => new Promise((r) => setTimeout(r, opts.retryWaitMs ?? 50)),
    lazy: false,
    shouldRetry: () => true,
  });
  const events: Array<Record<string, any>> = [];
  const errors: unknown[] = [];
  let waiters: Array<() => void> = [];
  let completed = false;
  const wake = () => {
    const ws = waiters;
    waiters = [];
    for (const w of ws) w();
  };
  client.subscribe<{ retroChanged: Record<string, any> }>(
    { query: RETRO_CHANGED(fields), variables: { id: retroId } },
    {
      next: (value) => {
        if (value.errors?.length) errors.push(value.errors);
        if (value.data?.retroChanged) events.push(value.data.retroChanged);
        wake();
      },
      error: (err) => {
        errors.push(err);
        wake();
      },
      complete: () => {
        completed = true;
        wake();
      },
    },
  );
  const until = async <T>(probe: () => T | undefined, ms: number, what: string): Promise<T> => {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = probe();
      if (found !== undefined) return found;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`timed out waiting for ${what}; events: ${JSON.stringify(events.map((e) => [e.version, e.phase]))}, errors: ${JSON.stringify(errors)}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  };
  return {
    events,
    errors,
    latest: () => events[events.length - 1],
    waitFor: (pred, ms = 5000, since = 0) => until(() => events.slice(since).find(pred), ms, 'an event'),
    waitForError: (ms = 5000) => until(() => errors[0], ms, 'an error'),
    waitForComplete: (ms = 5000) => until(() => (completed ? true : undefined), ms, 'complete'),
    terminate: () => client.terminate(),
    dispose: () => client.dispose() as Promise<void>,
  };
}
