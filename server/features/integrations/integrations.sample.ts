import { and, eq, inArray } from 'drizzle-orm';
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
import { listScopes, patchConnection } from './integrations.connections.repo.js';
import { BOT, NOW, PEOPLE, REPOS } from './sample/synthetic-dataset.js';
import { startFakeGitHub } from './fakes/fake-github.js';
import { startFakeJira } from './fakes/fake-jira.js';
import type { FakeService } from './fakes/fake-service.js';
import { credentialsHint, sealCredentials, type ConnectionRow } from './integrations.secrets.js';
import { executeRun } from './integrations.sync.js';
import { insertRun, listRuns, patchRun } from './integrations.sync.repo.js';
import { extAccounts, integrationConnections, integrationScopes } from './integrations.tables.js';

/**
 * The sample data set (issue 15, Demo organization; docs/decisions/0051): the synthetic dataset of
 * insights-metrics.md section 4 loaded through the SAME path as a real connection. A job
 * (`integrations.sample.load`) starts the fake GitHub and the fake Jira in-process on 127.0.0.1 with
 * the dataset moved so that its “now” is this week's Monday (`shiftMs`, fixed when the load is asked
 * for), lets the outbound guard reach exactly their two origins (services.outbound.allowOrigin;
 * nothing else of loopback, docs/decisions/0054), points two `is_sample` connections at them, lists
 * their scopes, runs their backfills with the sync engine (executeRun), then stops the fakes. The fakes live only inside the job: a server
 * restart mid-load runs the job again, which starts them again and continues from the cursors.
 *
 * Teams: acme/api and the Jira project go to the organization's biggest active team, acme/web to the
 * second; their sample accounts are matched (MANUAL) to those teams' active members in name order
 * (alice, bob, carol: the first team; dave, erin: the second; the CI bot stays a bot). An organization
 * without teams gets the data with no team (nothing is created for it; the scopes can be given a
 * team on /admin/integrations). The people's own fields (github_user, jira_account_id) are left
 * alone: sample accounts must not stick to real people after the sample is removed.
 *
 * A real GitHub or Jira connection and the sample cannot live together (one connection per
 * provider): loading is refused with BAD_USER_INPUT saying so. Removing deletes the sample
 * connections, and with them (cascades) every scope, account, pull request, issue and run they brought.
 */
export const SAMPLE_LOAD_KIND = 'integrations.sample.load';
const SAMPLE_PROVIDERS: readonly IntegrationProvider[] = ['GITHUB', 'JIRA'];
const DAY_MS = 86_400_000;
/** The account the sample Jira connection signs in with (the fake Jira checks email + API token). */
const SAMPLE_JIRA_EMAIL = 'teamlens@acme.test';

type LoadPayload = { organizationId: string; shiftMs: number; runIds: string[] };

/** The latest Monday 00:00 UTC at or before `now`, minus the dataset's NOW: how far the sample moves. */
export function sampleShiftMs(now: number): number {
  const day = new Date(now);
  const midnight = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
  const monday = midnight - ((day.getUTCDay() + 6) % 7) * DAY_MS;
  return monday - Date.parse(NOW);
}

function sampleConnections(db: Db, orgId: string): ConnectionRow[] {
  return db.select().from(integrationConnections).where(and(eq(integrationConnections.organization_id, orgId), eq(integrationConnections.is_sample, true))).all();
}

function sampleStatus(db: Db, orgId: string) {
  const rows = sampleConnections(db, orgId);
  return { loaded: rows.length > 0, runs: listRuns(db, rows.map((r) => r.id), 10) };
}

/**
 * Asks for the sample data set to be loaded (the resolver, and the demo seed): creates the two sample
 * connections and their QUEUED backfill runs, and the job that loads them. Loaded or loading already: nothing new.
 */
export function enqueueSampleLoad(services: Services, organizationId: string, createdBy: string | null = null): { loaded: boolean; runs: ReturnType<typeof listRuns> } {
  const { db, keys, scheduler } = services;
  db.transaction(() => {
    const existing = db.select({ provider: integrationConnections.provider, is_sample: integrationConnections.is_sample }).from(integrationConnections)
      .where(and(eq(integrationConnections.organization_id, organizationId), inArray(integrationConnections.provider, [...SAMPLE_PROVIDERS]))).all();
    const real = existing.filter((c) => !c.is_sample).map((c) => (c.provider === 'GITHUB' ? 'GitHub' : 'Jira'));
    if (real.length) throw badInput(`Disconnect ${real.join(' and ')} first, or keep your own data: the sample data set brings a GitHub and a Jira connection of its own.`);
    if (existing.length) return;
    const now = scheduler.now();
    const runIds: string[] = [];
    for (const provider of SAMPLE_PROVIDERS) {
      const id = newId();
      const credentials = { token: 'sample-token-set-when-the-fake-starts' };
      db.insert(integrationConnections).values({
        id, organization_id: organizationId, provider, base_url: 'http://127.0.0.1', account: provider === 'GITHUB' ? 'acme' : SAMPLE_JIRA_EMAIL, auth_kind: 'TOKEN',
        secret_sealed: sealCredentials(keys, id, credentials), secret_hint: credentialsHint(credentials), external_info: {}, backfill_months: 6, status: 'CONNECTED', is_sample: true, created_by: createdBy,
      }).run();
      runIds.push(insertRun(db, { organizationId, connectionId: id, kind: 'BACKFILL', now: new Date(now).toISOString() }).id);
    }
    const { job } = scheduler.enqueue({ kind: SAMPLE_LOAD_KIND, uniqueKey: `sample:${runIds.join(':')}`, organizationId, payload: { organizationId, shiftMs: sampleShiftMs(now), runIds } satisfies LoadPayload });
    for (const runId of runIds) patchRun(db, runId, { job_id: job.id });
  }, { behavior: 'immediate' });
  return sampleStatus(db, organizationId);
}

/** Active teams by active members (most first), and each one's active members by name. */
function teamsBySize(db: Db, orgId: string): Array<{ id: string; members: string[] }> {
  const rows = db.$client.prepare(`select t.id as team_id, u.id as user_id from teams t join users u on u.team_id = t.id and u.deleted_at is null and u.status = 'ACTIVE'
    where t.organization_id = ? and t.deleted_at is null order by u.full_name collate nocase, u.id`).all(orgId) as Array<{ team_id: string; user_id: string }>;
  const byTeam = new Map<string, string[]>();
  for (const r of rows) byTeam.set(r.team_id, [...(byTeam.get(r.team_id) ?? []), r.user_id]);
  return [...byTeam].map(([id, members]) => ({ id, members })).sort((a, b) => b.members.length - a.members.length || a.id.localeCompare(b.id));
}

/** Gives the sample scopes their teams and matches the sample accounts to those teams' members (MANUAL). */
export function assignSampleTeams(db: Db, orgId: string, connections: readonly ConnectionRow[]): void {
  const [first, second] = teamsBySize(db, orgId);
  const teamOfRepo = (name: string) => (REPOS.find((r) => `${r.owner}/${r.name}` === name)?.team === 'Beta' ? second : first);
  db.transaction(() => {
    for (const c of connections) {
      for (const s of listScopes(db, c.id)) {
        const team = c.provider === 'GITHUB' ? teamOfRepo(s.external_id) : first;
        if (team && !s.team_id) db.update(integrationScopes).set({ team_id: team.id }).where(eq(integrationScopes.id, s.id)).run();
      }
      const alpha = PEOPLE.filter((p) => p.team === 'Alpha');
      const beta = PEOPLE.filter((p) => p.team === 'Beta');
      for (const [people, team] of [[alpha, first], [beta, second]] as const) {
        people.forEach((p, i) => {
          const userId = team?.members[i];
          if (!userId) return;
          const externalId = c.provider === 'GITHUB' ? String(p.githubId) : p.jiraAccountId;
          db.update(extAccounts).set({ user_id: userId, match_kind: 'MANUAL' }).where(and(eq(extAccounts.connection_id, c.id), eq(extAccounts.external_id, externalId))).run();
        });
      }
      if (c.provider === 'GITHUB') db.update(extAccounts).set({ is_bot: true, user_id: null, match_kind: 'NONE' }).where(and(eq(extAccounts.connection_id, c.id), eq(extAccounts.external_id, String(BOT.githubId)))).run();
    }
  });
}

async function loadSample(services: Services, payload: LoadPayload, job: JobContext): Promise<void> {
  const { db, keys } = services;
  const fakes: FakeService[] = [];
  const allowed: Array<() => void> = [];
  try {
    for (const provider of SAMPLE_PROVIDERS) {
      const row = sampleConnections(db, payload.organizationId).find((c) => c.provider === provider);
      if (!row) return; // removed meanwhile
      const fake = provider === 'GITHUB' ? await startFakeGitHub({ shiftMs: payload.shiftMs }) : await startFakeJira({ shiftMs: payload.shiftMs, email: SAMPLE_JIRA_EMAIL });
      fakes.push(fake);
      // This fake's origin only, while it runs: loopback stays refused to every base URL an admin types (docs/decisions/0054).
      allowed.push(services.outbound.allowOrigin(fake.url));
      const credentials = { token: fake.token };
      const pointed = patchConnection(db, row.id, { base_url: fake.url, secret_sealed: sealCredentials(keys, row.id, credentials), secret_hint: credentialsHint(credentials) })!;
      await refreshScopes(services, pointed, { throwOnError: true });
    }
    assignSampleTeams(db, payload.organizationId, sampleConnections(db, payload.organizationId));
    for (const runId of payload.runIds) {
      const outcome = await executeRun(services, runId, job);
      if (outcome?.status === 'FAILED') throw new Error('The sample data set could not be loaded; see the sync history.');
    }
    assignSampleTeams(db, payload.organizationId, sampleConnections(db, payload.organizationId));
  } finally {
    for (const release of allowed) release();
    await Promise.all(fakes.map((f) => f.close().catch(() => undefined)));
  }
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
        const { db } = ctx.services;
        return db.delete(integrationConnections).where(and(eq(integrationConnections.organization_id, viewer.organizationId), eq(integrationConnections.is_sample, true))).run().changes > 0;
      },
    },
  },
  register: (app: FastifyInstance) => {
    app.services.scheduler.register<LoadPayload>(SAMPLE_LOAD_KIND, (payload, job) => loadSample(app.services, payload, job), { maxAttempts: 3, backoff: { baseMs: 10_000, maxMs: 600_000 }, leaseMs: 30 * 60_000 });
  },
};
