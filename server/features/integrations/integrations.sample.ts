import type { FastifyInstance } from 'fastify';
import type { MercuriusContext } from 'mercurius';
import { badInput } from '../../../shared/app-error.js';
import type { IntegrationProvider } from '../../../shared/integrations.js';
import type { Db } from '../../db/connection.js';
import { requireAdmin } from '../../graphql/context.js';
import type { JobContext } from '../../jobs/jobs.scheduler.js';
import { newId } from '../../lib/tokens.js';
import type { Services } from '../../services.js';
import type { FeaturePart } from '../feature-part.js';
import { refreshScopes } from './integrations.connections.js';
import { listScopes } from './integrations.connections.repo.js';
import { sampleTeamOfScope } from './integrations.sample-adapter.js';
import {
  connectionsOfProviders,
  deleteSampleConnections,
  insertSampleConnection,
  markBot,
  matchAccountManually,
  sampleConnections,
  setScopeTeamIfNone,
  teamsForSample,
  type TeamForSample,
} from './integrations.sample.repo.js';
import { credentialsHint, sealCredentials, type ConnectionRow } from './integrations.secrets.js';
import { executeRun } from './integrations.sync.js';
import { insertRun, listRuns, patchRun } from './integrations.sync.repo.js';
import { SAMPLE_BOT, SAMPLE_TEAMS } from './sample/sample-teams.js';

/**
 * The sample data set (docs/decisions/0051, 0064): four made-up teams' pull requests, deployments,
 * issues and sprints (sample/), brought in by the sync engine from a sample GitHub and a sample Jira
 * that are answered inside Teamlens (integrations.sample-adapter.ts): no fake service to start, no
 * address to allow, so its connections test, sync and take retro action items on any day, after any
 * restart. A job (`integrations.sample.load`) lists their scopes, gives them teams, runs their
 * backfills (executeRun), and matches the sample's people to those teams' members.
 *
 * Teams: each sample team (Platform, Web, Mobile, Data) goes to the organization's team of the same
 * name, the rest to the remaining teams, biggest first; its six people are matched (MANUAL) to that
 * team's members, tech lead first, then by name, manager last (the demo's teams get their lead and
 * engineers). An organization without teams gets the data with no team; the scopes can be given one
 * on /admin/integrations. The people's own fields (github_user, jira_account_id) are left alone:
 * sample accounts must not stick to real people after the sample is removed.
 *
 * A real GitHub or Jira connection and the sample cannot live together (one connection per
 * provider): loading is refused with BAD_USER_INPUT saying so. Removing deletes the sample
 * connections, and with them (cascades) every scope, account, pull request, issue and run they brought.
 */
export const SAMPLE_LOAD_KIND = 'integrations.sample.load';
const SAMPLE_PROVIDERS: readonly IntegrationProvider[] = ['GITHUB', 'JIRA'];
const SAMPLE_JIRA_EMAIL = 'teamlens@acme.test';

type LoadPayload = { organizationId: string; runIds: string[] };

function sampleStatus(db: Db, orgId: string) {
  const rows = sampleConnections(db, orgId);
  return {
    loaded: rows.length > 0,
    runs: listRuns(
      db,
      rows.map((r) => r.id),
      10,
    ),
  };
}

/**
 * Asks for the sample data set to be loaded (the resolver, and the demo seed): creates the two sample
 * connections and their QUEUED backfill runs, and the job that loads them. Loaded or loading already: nothing new.
 */
export function enqueueSampleLoad(
  services: Services,
  organizationId: string,
  createdBy: string | null = null,
): { loaded: boolean; runs: ReturnType<typeof listRuns> } {
  const { db, keys, scheduler } = services;
  db.transaction(
    () => {
      const existing = connectionsOfProviders(db, organizationId, SAMPLE_PROVIDERS);
      const real = existing.filter((c) => !c.is_sample).map((c) => (c.provider === 'GITHUB' ? 'GitHub' : 'Jira'));
      if (real.length)
        throw badInput(`Disconnect ${real.join(' and ')} first, or keep your own data: the sample data set brings a GitHub and a Jira connection of its own.`);
      if (existing.length) return;
      const now = scheduler.now();
      const runIds: string[] = [];
      for (const provider of SAMPLE_PROVIDERS) {
        const id = newId();
        // No address and no real credential: the sample adapter answers it (integrations.adapters.ts adapterOf).
        const credentials = { token: 'no-token:answered-inside-teamlens' };
        insertSampleConnection(db, {
          id,
          organization_id: organizationId,
          provider,
          base_url: '',
          account: provider === 'GITHUB' ? 'acme' : SAMPLE_JIRA_EMAIL,
          auth_kind: 'TOKEN',
          secret_sealed: sealCredentials(keys, id, credentials),
          secret_hint: credentialsHint(credentials),
          external_info: {},
          backfill_months: 6,
          status: 'CONNECTED',
          is_sample: true,
          created_by: createdBy,
        });
        runIds.push(insertRun(db, { organizationId, connectionId: id, kind: 'BACKFILL', now: new Date(now).toISOString() }).id);
      }
      const { job } = scheduler.enqueue({
        kind: SAMPLE_LOAD_KIND,
        uniqueKey: `sample:${runIds.join(':')}`,
        organizationId,
        payload: { organizationId, runIds } satisfies LoadPayload,
      });
      for (const runId of runIds) patchRun(db, runId, { job_id: job.id });
    },
    { behavior: 'immediate' },
  );
  return sampleStatus(db, organizationId);
}

/** Which team of the organization each sample team goes to (SAMPLE_TEAMS order): the team of its name, else the biggest left. */
export function sampleTeamMapping(teams: readonly TeamForSample[]): Array<TeamForSample | undefined> {
  const used = new Set<string>();
  const out = SAMPLE_TEAMS.map((s) => {
    const named = teams.find((t) => !used.has(t.id) && t.name.trim().toLowerCase() === s.name.toLowerCase());
    if (named) used.add(named.id);
    return named;
  });
  return out.map((t) => {
    if (t) return t;
    const next = teams.find((x) => !used.has(x.id));
    if (next) used.add(next.id);
    return next;
  });
}

/** Gives the sample scopes their teams and matches the sample accounts to those teams' members (MANUAL). */
export function assignSampleTeams(db: Db, orgId: string, connections: readonly ConnectionRow[]): void {
  const mapping = sampleTeamMapping(teamsForSample(db, orgId));
  db.transaction(() => {
    for (const c of connections) {
      const provider = c.provider === 'GITHUB' ? 'GITHUB' : 'JIRA';
      for (const s of listScopes(db, c.id)) {
        const sample = sampleTeamOfScope(provider, s.external_id);
        const team = sample && mapping[SAMPLE_TEAMS.indexOf(sample)];
        if (team) setScopeTeamIfNone(db, c.id, s.id, team.id);
      }
      SAMPLE_TEAMS.forEach((sample, i) => {
        const team = mapping[i];
        sample.people.forEach((p, j) => {
          const userId = team?.members[j];
          if (userId) matchAccountManually(db, c.id, provider === 'GITHUB' ? String(p.githubId) : p.jiraAccountId, userId);
        });
      });
      if (provider === 'GITHUB') markBot(db, c.id, String(SAMPLE_BOT.githubId));
    }
  });
}

async function loadSample(services: Services, payload: LoadPayload, job: JobContext): Promise<void> {
  const { db } = services;
  for (const provider of SAMPLE_PROVIDERS) {
    const row = sampleConnections(db, payload.organizationId).find((c) => c.provider === provider);
    if (!row) return; // removed meanwhile
    await refreshScopes(services, row, { throwOnError: true });
  }
  assignSampleTeams(db, payload.organizationId, sampleConnections(db, payload.organizationId));
  for (const runId of payload.runIds) {
    const outcome = await executeRun(services, runId, job);
    if (outcome?.status === 'FAILED') throw new Error('The sample data set could not be loaded; see the sync history.');
  }
  // The accounts exist now: match them.
  assignSampleTeams(db, payload.organizationId, sampleConnections(db, payload.organizationId));
}

export const integrationsSamplePart: FeaturePart = {
  resolvers: {
    Query: {
      sampleInsightsData: (_: unknown, __: unknown, ctx: MercuriusContext) => sampleStatus(ctx.services.db, requireAdmin(ctx).organizationId),
    },
    Mutation: {
      loadSampleInsightsData: (_: unknown, __: unknown, ctx: MercuriusContext) => {
        const viewer = requireAdmin(ctx);
        return enqueueSampleLoad(ctx.services, viewer.organizationId, viewer.userId);
      },
      removeSampleInsightsData: (_: unknown, __: unknown, ctx: MercuriusContext) => {
        const viewer = requireAdmin(ctx);
        return deleteSampleConnections(ctx.services.db, viewer.organizationId);
      },
    },
  },
  register: (app: FastifyInstance) => {
    app.services.scheduler.register<LoadPayload>(SAMPLE_LOAD_KIND, (payload, job) => loadSample(app.services, payload, job), {
      maxAttempts: 3,
      backoff: { baseMs: 10_000, maxMs: 600_000 },
      leaseMs: 30 * 60_000,
    });
  },
};
