import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_CODE_PROCESS, type CodeProcessSettings, type IntegrationProvider } from '../../../shared/integrations.js';
import { newId } from '../../lib/tokens.js';
import { addUser, codeOf, createTestApp, seedOrg, signedIn } from '../../test/helpers.js';
import { createTeam } from '../teams/teams.repo.js';
import { readCodeProcessSettings } from './integrations.code-process.repo.js';
import { createIngestWriter } from './integrations.ingest.repo.js';
import { matchAccounts } from './integrations.matching.repo.js';
import { syntheticRecords } from './sample/synthetic-records.js';

/**
 * The one ingest writer on a real SQLite file: the synthetic dataset (docs/insights-metrics.md)
 * written through it gives the hand-computed boundaries, deployments and incident attribution; a
 * second write duplicates nothing; the code process recomputes; people are matched by field and
 * email and fixed by an admin.
 */

let app: FastifyInstance;
let world: Awaited<ReturnType<typeof seedOrg>>;
let other: Awaited<ReturnType<typeof seedOrg>>;
let admin: Awaited<ReturnType<typeof signedIn>>;
let member: Awaited<ReturnType<typeof signedIn>>;
let people: { alice: string; bob: string; carol: string; dave: string; erin: string };
let conns: { github: string; jira: string };
let teams: { alpha: string; beta: string };

const db = () => app.services.db.$client;

function connect(orgId: string, provider: IntegrationProvider, info: Record<string, string> = {}): string {
  const id = newId();
  db()
    .prepare(
      `insert into integration_connections (id, organization_id, provider, base_url, account, secret_sealed, external_info) values (?, ?, ?, 'http://127.0.0.1:1', 'acme', 'sealed', ?)`,
    )
    .run(id, orgId, provider, JSON.stringify(info));
  return id;
}

/** Writes the whole dataset as a sync would: scopes (owned by teams), accounts, then pages of records. */
function writeAll(settings: CodeProcessSettings = readCodeProcessSettings(app.services.db, world.org.id)) {
  const records = syntheticRecords();
  const gh = createIngestWriter(app.services.db, { organizationId: world.org.id, connectionId: conns.github, settings });
  const jira = createIngestWriter(app.services.db, { organizationId: world.org.id, connectionId: conns.jira, settings });
  gh.accounts(records.accounts.filter((a) => a.login));
  jira.accounts(records.accounts.filter((a) => !a.login));
  for (const repo of records.repos) {
    const scope = gh.scope(repo.scope);
    db()
      .prepare(`update integration_scopes set team_id = ? where id = ?`)
      .run(repo.scope.name === 'acme/api' ? teams.alpha : teams.beta, scope.id);
    // Pages of three, as a paginated read delivers them; deployments after the pull requests.
    for (let i = 0; i < repo.pullRequests.length; i += 3) gh.pullRequests(scope.id, repo.pullRequests.slice(i, i + 3));
    gh.deployments(scope.id, repo.deployments);
  }
  for (const project of records.projects) {
    const scope = jira.scope(project.scope);
    db().prepare(`update integration_scopes set team_id = ? where id = ?`).run(teams.alpha, scope.id);
    jira.issues(scope.id, project.issues);
    jira.sprints(scope.id, project.sprints);
  }
}

type PrView = Record<string, unknown>;
function pr(number: number, repo = 'acme/api'): PrView {
  return db()
    .prepare(
      `select p.*, d.external_id as deployment from ext_pull_requests p join integration_scopes s on s.id = p.scope_id
    left join ext_deployments d on d.id = p.deployment_id where s.organization_id = ? and s.name = ? and p.number = ?`,
    )
    .get(world.org.id, repo, number) as PrView;
}
function issue(key: string): Record<string, unknown> {
  return db()
    .prepare(
      `select i.*, d.external_id as caused_by from ext_issues i left join ext_deployments d on d.id = i.caused_by_deployment_id where i.organization_id = ? and i.key = ?`,
    )
    .get(world.org.id, key) as Record<string, unknown>;
}
const TABLES = [
  'integration_scopes',
  'ext_accounts',
  'ext_pull_requests',
  'ext_pr_events',
  'ext_deployments',
  'ext_issues',
  'ext_issue_transitions',
  'ext_sprints',
  'ext_sprint_issues',
];
const counts = () => Object.fromEntries(TABLES.map((t) => [t, db().prepare(`select count(*) from ${t}`).pluck().get()]));
const snapshot = () => ({
  prs: db()
    .prepare(
      `select external_id, first_commit_at, ready_at, first_review_at, first_approval_at, last_approval_at, deployment_id, deployed_at, review_comments, all_comments, review_rounds from ext_pull_requests order by external_id`,
    )
    .all(),
  issues: db()
    .prepare(`select key, is_bug, is_incident, first_in_progress_at, cycle_minutes, resolved_at, caused_by_deployment_id from ext_issues order by key`)
    .all(),
});
const account = (connectionId: string, externalId: string) =>
  db().prepare(`select id, user_id, match_kind, is_bot from ext_accounts where connection_id = ? and external_id = ?`).get(connectionId, externalId) as {
    id: string;
    user_id: string | null;
    match_kind: string;
    is_bot: number;
  };
const userField = (id: string, column: string) => db().prepare(`select ${column} from users where id = ?`).pluck().get(id);

beforeAll(async () => {
  app = await createTestApp();
  world = await seedOrg(app, 'Acme');
  other = await seedOrg(app, 'Globex');
  teams = { alpha: createTeam(app.services.db, world.org.id, { name: 'Alpha' }).id, beta: createTeam(app.services.db, world.org.id, { name: 'Beta' }).id };
  people = {
    alice: (await addUser(app, world.org.id, { email: 'alice@acme.test', full_name: 'Alice Archer', team_id: teams.alpha })).id,
    bob: (await addUser(app, world.org.id, { email: 'bob@acme.test', full_name: 'Bob Baker', team_id: teams.alpha })).id,
    carol: (await addUser(app, world.org.id, { email: 'carol@acme.test', full_name: 'Carol Chen', team_id: teams.alpha })).id,
    dave: (await addUser(app, world.org.id, { email: 'dave@acme.test', full_name: 'Dave Diaz', team_id: teams.beta })).id,
    // erin works at another organization: neither her login nor her email may match anyone here.
    erin: (await addUser(app, other.org.id, { email: 'erin@acme.test', full_name: 'Erin Evans' })).id,
  };
  db().prepare(`update users set github_user = 'BOB' where id = ?`).run(people.bob);
  db().prepare(`update users set github_user = 'erin' where id = ?`).run(people.erin);
  // Two people share a secondary email: an account with it is ambiguous.
  for (const who of [people.alice, people.dave])
    db().prepare(`insert into user_secondary_emails (id, user_id, email) values (?, ?, 'team-inbox@acme.test')`).run(newId(), who);
  conns = { github: connect(world.org.id, 'GITHUB'), jira: connect(world.org.id, 'JIRA') };
  admin = await signedIn(app, world.admin.email);
  member = await signedIn(app, world.member.email);
  writeAll();
});
afterAll(async () => {
  await app?.close();
});

it('derives the pull request boundaries and deployments of the synthetic dataset', () => {
  expect(pr(1)).toMatchObject({
    first_commit_at: '2025-03-03T09:00:00.000Z',
    ready_at: '2025-03-03T13:00:00.000Z',
    first_review_at: '2025-03-03T15:00:00.000Z',
    first_approval_at: '2025-03-03T17:00:00.000Z',
    last_approval_at: '2025-03-03T17:00:00.000Z',
    deployment: 'D1',
    deployed_at: '2025-03-04T12:00:00.000Z',
    review_comments: 2,
    all_comments: 3,
    review_rounds: 1,
  });
  expect(pr(2)).toMatchObject({ deployment: 'D1', first_review_at: '2025-03-04T11:00:00.000Z' });
  // Created as a draft: pickup starts when it was marked ready; the bot's comment is no review; the pending review is not there.
  expect(pr(3)).toMatchObject({
    ready_at: '2025-03-06T10:00:00.000Z',
    first_review_at: '2025-03-06T14:00:00.000Z',
    deployment: 'D2',
    all_comments: 2,
    review_comments: 1,
  });
  // Only the author commented: no review at all.
  expect(pr(4)).toMatchObject({ first_review_at: null, first_approval_at: null, review_comments: 0, all_comments: 1, review_rounds: 0, deployment: 'D3' });
  expect(pr(5, 'acme/web')).toMatchObject({
    review_rounds: 2,
    first_review_at: '2025-03-12T12:00:00.000Z',
    deployment: 'D4',
    deployed_at: '2025-03-13T11:00:00.000Z',
  });
  // Merged after the web deployment of that day: not deployed yet.
  expect(pr(6, 'acme/web')).toMatchObject({ deployment: null, deployed_at: null });
  expect(pr(7)).toMatchObject({ state: 'CLOSED', deployment: null });
  expect(pr(8)).toMatchObject({ first_commit_at: '2025-03-17T10:00:00.000Z', ready_at: '2025-03-17T09:00:00.000Z', deployment: 'D5' });
  expect(pr(9)).toMatchObject({ state: 'OPEN', first_review_at: null, deployment: null });
  expect(pr(10)).toMatchObject({ deployment: 'D5', first_review_at: '2025-03-14T13:00:00.000Z', last_approval_at: '2025-03-17T12:00:00.000Z' });
  // The bot is recognised.
  expect(account(conns.github, '9001')).toMatchObject({ is_bot: 1, user_id: null });
});

it('derives issue cycle times, incidents and their deployments', () => {
  expect(issue('ALPHA-1')).toMatchObject({
    cycle_minutes: 48 * 60,
    first_in_progress_at: '2025-03-03T10:00:00.000Z',
    resolved_at: '2025-03-05T10:00:00.000Z',
    is_incident: 0,
  });
  expect(issue('ALPHA-2')).toMatchObject({ cycle_minutes: 48 * 60 });
  // Reopened: both in-progress intervals count (24 h + 24 h), not the 51 h span.
  expect(issue('ALPHA-4')).toMatchObject({ cycle_minutes: 48 * 60, first_in_progress_at: '2025-03-13T09:00:00.000Z', resolved_at: '2025-03-15T12:00:00.000Z' });
  expect(issue('ALPHA-3')).toMatchObject({ is_incident: 1, cycle_minutes: 180, caused_by: 'D2' });
  // 68 h after D5, the failed deployment between them ignored.
  expect(issue('ALPHA-5')).toMatchObject({ is_incident: 1, cycle_minutes: null, caused_by: 'D5' });
  expect(issue('ALPHA-6')).toMatchObject({ cycle_minutes: null, resolved_at: null, first_in_progress_at: '2025-03-24T09:00:00.000Z' });
  const sprint = db()
    .prepare(
      `select s.name, s.state, group_concat(i.key) as issues from ext_sprints s join ext_sprint_issues si on si.sprint_id = s.id join ext_issues i on i.id = si.issue_id
    where s.organization_id = ? group by s.id`,
    )
    .all(world.org.id);
  expect(sprint).toEqual([{ name: 'Alpha sprint 1', state: 'closed', issues: expect.stringMatching(/ALPHA-1.*ALPHA-2.*ALPHA-4|.*/) }]);
  expect((sprint[0] as { issues: string }).issues.split(',').sort()).toEqual(['ALPHA-1', 'ALPHA-2', 'ALPHA-4']);
});

it('writes nothing twice when everything is read again, and derives the same values', () => {
  const before = counts();
  const derived = snapshot();
  expect(before).toMatchObject({ ext_pull_requests: 10, ext_deployments: 9, ext_issues: 6, ext_sprints: 1, ext_sprint_issues: 3, ext_accounts: 11 });
  writeAll();
  expect(counts()).toEqual(before);
  expect(snapshot()).toEqual(derived);
  // A partial read (GitHub's nested pages) keeps the events stored before, and what they derive.
  const first = syntheticRecords().repos[0]!.pullRequests[0]!;
  const gh = createIngestWriter(app.services.db, { organizationId: world.org.id, connectionId: conns.github, settings: DEFAULT_CODE_PROCESS });
  const api = gh.scope(syntheticRecords().repos[0]!.scope);
  gh.pullRequests(api.id, [{ ...first, title: 'Paginate the orders endpoint (v2)', events: first.events.slice(0, 1) }]);
  expect(counts()).toEqual(before);
  expect(snapshot()).toEqual(derived);
  expect(pr(1)).toMatchObject({ title: 'Paginate the orders endpoint (v2)', first_review_at: '2025-03-03T15:00:00.000Z', review_comments: 2 });
});

it('recomputes when the code process changes: a 24 h window leaves the second incident unattributed; merges as deployments', async () => {
  const Q = 'query { codeProcessSettings { branches incident_window_hours deployment_source production_environments updated_at } }';
  const SAVE =
    'mutation($input: CodeProcessSettingsInput!) { updateCodeProcessSettings(input: $input) { incident_window_hours deployment_source updated_at } }';
  expect(codeOf(await member.gql(Q))).toBe('FORBIDDEN');
  expect((await admin.gql(Q)).data!.codeProcessSettings).toMatchObject({ branches: ['main', 'master'], incident_window_hours: 168, updated_at: null });
  const { updated_at: _ignored, ...defaults } = { ...DEFAULT_CODE_PROCESS, updated_at: null };
  expect(codeOf(await admin.gql(SAVE, { input: { ...defaults, branches: [] } }))).toBe('BAD_USER_INPUT');
  expect(codeOf(await member.gql(SAVE, { input: { ...defaults, incident_window_hours: 24 } }))).toBe('FORBIDDEN');
  expect(issue('ALPHA-5').caused_by).toBe('D5');

  const saved = await admin.gql(SAVE, { input: { ...defaults, incident_window_hours: 24 } });
  expect(saved.errors).toBeUndefined();
  expect(saved.data!.updateCodeProcessSettings.incident_window_hours).toBe(24);
  expect(issue('ALPHA-5').caused_by).toBeNull();
  expect(issue('ALPHA-3').caused_by).toBe('D2');

  // Teams without CD: every merge into main is its own deployment.
  await admin.gql(SAVE, { input: { ...defaults, deployment_source: 'MERGE' } });
  expect(pr(6, 'acme/web')).toMatchObject({ deployed_at: '2025-03-13T12:00:00.000Z', deployment: 'merge:acme/web#6' });
  expect(pr(7)).toMatchObject({ deployment: null });
  // Only the main branch counts: a pull request into another branch has no deployment.
  await admin.gql(SAVE, { input: { ...defaults, branches: ['release'] } });
  expect(pr(1)).toMatchObject({ deployment: null, deployed_at: null });
  expect(db().prepare(`select count(*) from ext_deployments where external_id like 'merge:%'`).pluck().get()).toBe(0);
  await admin.gql(SAVE, { input: defaults });
  expect(pr(1)).toMatchObject({ deployment: 'D1' });
  expect(issue('ALPHA-5').caused_by).toBe('D5');
});

it('matches accounts by field and email, never across organizations, and an admin fixes the rest', async () => {
  // GitHub: bob by his github_user whatever its case; erin's login belongs to another organization's person.
  expect(account(conns.github, '1002')).toMatchObject({ user_id: people.bob, match_kind: 'FIELD' });
  expect(account(conns.github, '1005')).toMatchObject({ user_id: null, match_kind: 'NONE' });
  // Jira: by email, and the person's jira_account_id follows; carol's Jira email is not her email.
  expect(account(conns.jira, 'jira-alice')).toMatchObject({ user_id: people.alice, match_kind: 'EMAIL' });
  expect(userField(people.alice, 'jira_account_id')).toBe('jira-alice');
  expect(account(conns.jira, 'jira-carol')).toMatchObject({ user_id: null, match_kind: 'NONE' });
  expect(account(conns.jira, 'jira-erin')).toMatchObject({ user_id: null, match_kind: 'NONE' });

  // A GitHub noreply address is matched through its login; a shared secondary email is ambiguous.
  const writer = createIngestWriter(app.services.db, { organizationId: world.org.id, connectionId: conns.jira, settings: DEFAULT_CODE_PROCESS });
  writer.accounts([
    { externalId: 'jira-shared', displayName: 'Team inbox', email: 'Team-Inbox@acme.test' },
    { externalId: 'jira-noreply', email: '1002+bob@users.noreply.github.com' },
  ]);
  expect(account(conns.jira, 'jira-shared')).toMatchObject({ user_id: null, match_kind: 'AMBIGUOUS' });
  expect(account(conns.jira, 'jira-noreply')).toMatchObject({ user_id: people.bob, match_kind: 'EMAIL' });

  const LIST = `query($p: IntegrationProvider, $f: AccountMatchFilter, $s: String) { externalAccounts(provider: $p, filter: $f, search: $s, limit: 50) {
    total items { id provider external_id display_name email match_kind is_bot user { id } candidates { id full_name } } } }`;
  expect(codeOf(await member.gql(LIST, { p: 'JIRA' }))).toBe('FORBIDDEN');
  const ambiguous = (await admin.gql(LIST, { p: 'JIRA', f: 'AMBIGUOUS' })).data!.externalAccounts;
  expect(ambiguous.total).toBe(1);
  expect(ambiguous.items[0].candidates.map((u: { id: string }) => u.id).sort()).toEqual([people.alice, people.dave].sort());
  const unmatched = (await admin.gql(LIST, { p: 'JIRA', f: 'UNMATCHED' })).data!.externalAccounts;
  expect(unmatched.items.map((a: { external_id: string }) => a.external_id).sort()).toEqual(['jira-carol', 'jira-erin']);
  expect((await admin.gql(LIST, { f: 'BOTS' })).data!.externalAccounts.items.map((a: { external_id: string }) => a.external_id)).toEqual(['9001']);
  expect((await admin.gql(LIST, { s: 'c.chen' })).data!.externalAccounts.total).toBe(1);
  // Another organization's admin sees none of them.
  const otherAdmin = await signedIn(app, other.admin.email);
  expect((await otherAdmin.gql(LIST, {})).data!.externalAccounts.total).toBe(0);

  const MATCH = 'mutation($id: ID!, $u: ID) { matchExternalAccount(id: $id, user_id: $u) { id match_kind user { id } } }';
  const carol = account(conns.jira, 'jira-carol');
  expect(codeOf(await member.gql(MATCH, { id: carol.id, u: people.carol }))).toBe('FORBIDDEN');
  expect(codeOf(await admin.gql(MATCH, { id: carol.id, u: 'nobody' }))).toBe('NOT_FOUND');
  expect(codeOf(await admin.gql(MATCH, { id: carol.id, u: people.erin }))).toBe('NOT_FOUND');
  expect(codeOf(await otherAdmin.gql(MATCH, { id: carol.id, u: people.erin }))).toBe('NOT_FOUND');
  const matched = await admin.gql(MATCH, { id: carol.id, u: people.carol });
  expect(matched.data!.matchExternalAccount).toMatchObject({ match_kind: 'MANUAL', user: { id: people.carol } });
  expect(userField(people.carol, 'jira_account_id')).toBe('jira-carol');
  // Matching everything again leaves the admin's choice alone, and the next read matches carol by her field.
  expect((await admin.gql('mutation { rematchExternalAccounts }')).data!.rematchExternalAccounts).toBeGreaterThan(0);
  expect(account(conns.jira, 'jira-carol')).toMatchObject({ user_id: people.carol, match_kind: 'MANUAL' });
  expect(matchAccounts(app.services.db, world.org.id, conns.jira).ambiguous).toBe(1);
  // Unmatching clears the field it set.
  const unmatchedCarol = await admin.gql(MATCH, { id: carol.id, u: null });
  expect(unmatchedCarol.data!.matchExternalAccount).toMatchObject({ match_kind: 'MANUAL', user: null });
  expect(userField(people.carol, 'jira_account_id')).toBeNull();
});

it('marks a bot by hand and its reviews stop counting', async () => {
  const BOT = 'mutation($id: ID!, $b: Boolean!) { setExternalAccountBot(id: $id, is_bot: $b) { is_bot } }';
  const bob = account(conns.github, '1002');
  expect(codeOf(await member.gql(BOT, { id: bob.id, b: true }))).toBe('FORBIDDEN');
  expect(codeOf(await admin.gql(BOT, { id: 'missing', b: true }))).toBe('NOT_FOUND');
  expect((await admin.gql(BOT, { id: bob.id, b: true })).data!.setExternalAccountBot.is_bot).toBe(true);
  // PR1's first review was bob's at 15:00; without him nobody but the author commented.
  expect(pr(1)).toMatchObject({ first_review_at: null, review_comments: 0, all_comments: 3 });
  await admin.gql(BOT, { id: bob.id, b: false });
  expect(pr(1)).toMatchObject({ first_review_at: '2025-03-03T15:00:00.000Z', review_comments: 2 });
});

it('resolves issues by their last move to Done, clears it when reopened, and attributes incidents of a project without a team to any repository', () => {
  const jira = createIngestWriter(app.services.db, { organizationId: world.org.id, connectionId: conns.jira, settings: DEFAULT_CODE_PROCESS });
  const scope = jira.scope({ kind: 'PROJECT', externalId: '20000', name: 'OPS' });
  const base = { externalId: '20001', key: 'OPS-1', title: 'Web checkout down', issueType: 'incident', assignee: null, createdAt: '2025-03-13T12:00:00.000Z' };
  const toDone = { externalId: '20001-1', at: '2025-03-13T13:00:00.000Z', fromStatus: null, toStatus: 'Done', fromCategory: null, toCategory: 'DONE' as const };
  jira.issues(scope.id, [{ ...base, status: 'Done', statusCategory: 'DONE', updatedAt: toDone.at, transitions: [toDone] }]);
  // No team owns OPS: the latest production deployment of any repository (web's D4, not api's D3).
  expect(issue('OPS-1')).toMatchObject({ is_incident: 1, resolved_at: '2025-03-13T13:00:00.000Z', caused_by: 'D4' });
  const reopened = {
    externalId: '20001-2',
    at: '2025-03-13T15:00:00.000Z',
    fromStatus: 'Done',
    toStatus: 'In Progress',
    fromCategory: 'DONE' as const,
    toCategory: 'IN_PROGRESS' as const,
  };
  jira.issues(scope.id, [{ ...base, status: 'In Progress', statusCategory: 'IN_PROGRESS', updatedAt: reopened.at, transitions: [toDone, reopened] }]);
  expect(issue('OPS-1')).toMatchObject({ resolved_at: null, cycle_minutes: null, first_in_progress_at: '2025-03-13T15:00:00.000Z' });
  // A type that is no incident any more loses its attribution.
  jira.issues(scope.id, [
    { ...base, issueType: 'Task', status: 'In Progress', statusCategory: 'IN_PROGRESS', updatedAt: reopened.at, transitions: [toDone, reopened] },
  ]);
  expect(issue('OPS-1')).toMatchObject({ is_incident: 0, caused_by: null });
});
