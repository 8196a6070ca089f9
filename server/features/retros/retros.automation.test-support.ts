import type { FastifyInstance } from 'fastify';
import { createSchedulerTestApp } from '../../jobs/jobs.test-support.js';
import { signedIn } from '../../test/helpers.js';
import { createWorld } from '../../test/world.js';
import { insertSprint } from '../sprints/sprints.repo.js';
import { scheduleAutomationPass as scheduleSprintRetroPass } from '../automation/automation.run.js';

/** Shared setup of the retro automation tests: the test world on a fake clock, the hourly sprint pass restarted from it. */
export const RULE = `id trigger every_weeks anchor_at paused next_run_at anonymous max_votes max_votes_per_group reflect_hours vote_hours
  team { id name } template { id name archived can_manage } health_check { id name } facilitator { id } retros { id title phase scheduled_at reflect_deadline vote_deadline }`;

export async function setUpRetroAutomation(start = '2027-01-10T08:30:00.000Z') {
  const { app, clock, scheduler } = await createSchedulerTestApp(start);
  // The hourly pass was scheduled on the real clock at boot: restart its periods from the fake one.
  scheduleSprintRetroPass(app, false);
  scheduleSprintRetroPass(app, true);
  // The test world (server/test/world.ts): Acme's Core is managed by its manager, led by its lead (a
  // MEMBER), and holds the report and a second member (the peer); the other manager manages Owls only.
  const { acme: a, globex: b } = await createWorld(app);
  const { lead, otherManager, peer: second } = a;
  const callers = {
    adminA: await signedIn(app, a.admin.email),
    managerA: await signedIn(app, a.manager.email),
    leadA: await signedIn(app, lead.email),
    reportA: await signedIn(app, a.report.email),
    memberA: await signedIn(app, a.member.email),
    otherManagerA: await signedIn(app, otherManager.email),
    adminB: await signedIn(app, b.admin.email),
  };
  /** Passes until nothing more is due (catch-up after "downtime"). */
  const runAll = async () => {
    for (let i = 0; i < 200; i += 1) {
      const s = await scheduler.tick();
      if (!s.done && !s.failed && !s.dead && !s.lost) return;
    }
    throw new Error('the scheduler did not settle');
  };
  const sprint = (name: string, starts_on: string, ends_on: string, teamId = a.team.id, orgId = a.org.id) =>
    insertSprint(app.services.db, orgId, { team_id: teamId, name, starts_on, ends_on }, a.admin.id);
  return { app, clock, scheduler, a, b, second, lead, otherManager, runAll, sprint, ...callers };
}
export type RetroAutomationSetup = Awaited<ReturnType<typeof setUpRetroAutomation>>;
export type Caller = RetroAutomationSetup['adminA'];

export const ruleInput = (teamId: string, over: Record<string, unknown> = {}) => ({
  team_id: teamId,
  trigger: 'SPRINT_END',
  template_id: 'builtin:4ls',
  ...over,
});

export const createRule = (c: Caller, input: unknown) =>
  c.gql(`mutation($input: RetroAutomationRuleInput!) { createRetroAutomationRule(input: $input) { ${RULE} } }`, { input });
export const updateRule = (c: Caller, id: string, input: unknown) =>
  c.gql(`mutation($id: ID!, $input: RetroAutomationRuleInput!) { updateRetroAutomationRule(id: $id, input: $input) { ${RULE} } }`, { id, input });
export const ruleOp = (c: Caller, op: 'pause' | 'resume', id: string) => c.gql(`mutation($id: ID!) { ${op}RetroAutomationRule(id: $id) { ${RULE} } }`, { id });
export const deleteRule = (c: Caller, id: string) => c.gql('mutation($id: ID!) { deleteRetroAutomationRule(id: $id) }', { id });
export const listRules = (c: Caller) => c.gql(`{ retroAutomationRules { ${RULE} } }`);

/** Retros straight from the database, oldest first. */
export function retroRows(app: FastifyInstance, orgId: string) {
  return app.services.db.$client
    .prepare(
      `SELECT id, title, team_id, sprint_id, phase, scheduled_at, reflect_deadline, vote_deadline, facilitator_id,
      automation_rule_id, period_key, health_statements FROM retros WHERE organization_id = ? ORDER BY scheduled_at, rowid`,
    )
    .all(orgId) as Array<{
    id: string;
    title: string;
    team_id: string;
    sprint_id: string | null;
    phase: string;
    scheduled_at: string;
    reflect_deadline: string | null;
    vote_deadline: string | null;
    facilitator_id: string | null;
    automation_rule_id: string | null;
    period_key: string | null;
    health_statements: string | null;
  }>;
}

/** The people told about a new retro (in the app), by email. */
export function toldAbout(app: FastifyInstance, retroId: string): string[] {
  return (
    app.services.db.$client
      .prepare(`SELECT u.email FROM notifications n JOIN users u ON u.id = n.user_id WHERE n.kind = 'retro_started' AND n.link LIKE ?`)
      .all(`%/review/${retroId}`) as Array<{ email: string }>
  )
    .map((r) => r.email)
    .sort();
}

export const switchRetros = (c: Caller, enabled: boolean) =>
  c.gql('mutation($c: [FeatureAreaChange!]!) { setFeatureAreas(changes: $c) { area enabled } }', { c: [{ area: 'SPRINT_RETROS', enabled }] });
