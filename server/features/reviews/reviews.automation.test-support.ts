import type { FastifyInstance } from 'fastify';
import { createSchedulerTestApp } from '../../jobs/jobs.test-support.js';
import { addUser, signedIn } from '../../test/helpers.js';
import { createWorld } from '../../test/world.js';
import { scheduleAutomationPass as scheduleReviewAutomation } from '../automation/automation.run.js';

/** Shared setup for the automation tests: the test world (server/test/world.ts) on a fake clock, the hourly pass restarted from it. */
export const RULE = `id name type template_name every_count anchor_on user_ids team_ids perspectives min_peers max_peers anonymity_threshold
  nomination_days review_days release_days active starts_as_draft next_run_at run_count teams { id name } created_by { id }`;

export async function setUpAutomation(start = '2027-01-10T08:30:00.000Z') {
  const { app, clock, scheduler } = await createSchedulerTestApp(start);
  // The schedule was made on the real clock at boot: restart its periods from the fake one.
  scheduleReviewAutomation(app, false);
  scheduleReviewAutomation(app, true);
  const { acme: a, globex: b } = await createWorld(app);
  const callers = {
    adminA: await signedIn(app, a.admin.email),
    managerA: await signedIn(app, a.manager.email),
    memberA: await signedIn(app, a.member.email),
    adminB: await signedIn(app, b.admin.email),
  };
  /** Passes until the backlog of hourly jobs is done (catch-up after "downtime"). */
  const runAll = async () => {
    for (let i = 0; i < 200; i += 1) {
      const s = await scheduler.tick();
      if (!s.done && !s.failed && !s.dead && !s.lost) return;
    }
    throw new Error('the scheduler did not settle');
  };
  return { app, clock, scheduler, a, b, runAll, ...callers };
}

export async function addPerson(
  app: FastifyInstance,
  orgId: string,
  email: string,
  over: { team_id?: string | null; manager_id?: string | null; created_at?: string; excluded?: boolean; status?: 'ACTIVE' | 'DEACTIVATED' } = {},
) {
  const u = await addUser(app, orgId, {
    email,
    full_name: email.split('@')[0]!,
    team_id: over.team_id ?? null,
    manager_id: over.manager_id ?? null,
    status: over.status ?? 'ACTIVE',
  });
  app.services.db.$client
    .prepare('UPDATE users SET created_at = coalesce(?, created_at), excluded_review_automation = ? WHERE id = ?')
    .run(over.created_at ?? null, over.excluded ? 1 : 0, u.id);
  return u;
}

/** Cycles straight from the database, oldest first. */
export function cycles(app: FastifyInstance, orgId: string) {
  return app.services.db.$client
    .prepare(
      `SELECT c.id, c.name, c.type, c.status, c.nomination_end, c.created_by,
      (SELECT json_group_array(u.email) FROM review_participants p JOIN users u ON u.id = p.reviewee_id WHERE p.cycle_id = c.id) AS people
    FROM review_cycles c WHERE c.organization_id = ? ORDER BY c.rowid`,
    )
    .all(orgId)
    .map((c: any) => ({ ...c, people: (JSON.parse(c.people) as string[]).sort() })) as Array<{
    id: string;
    name: string;
    type: string;
    status: string;
    nomination_end: string | null;
    created_by: string | null;
    people: string[];
  }>;
}

export const ruleInput = (over: Record<string, unknown> = {}) => ({
  name: 'Monthly check-in',
  type: 'REPEAT',
  every_count: 1,
  anchor_on: '2027-01-15',
  team_ids: [],
  user_ids: [],
  perspectives: ['SELF', 'MANAGER'],
  min_peers: 0,
  max_peers: 3,
  anonymity_threshold: 3,
  nomination_days: 0,
  review_days: 14,
  release_days: 7,
  ...over,
});
