import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { GoalKind, GoalOwnerKind, GoalStatus, GoalVisibility, KeyResultKind } from '../../../shared/goals.js';
import { newId, nowIso } from '../../lib/tokens.js';
import { addUser, signedIn, type GqlResult } from '../../test/helpers.js';
import { createWorld, signInAs, type WorldPerson } from '../../test/world.js';
import { users } from '../users/users.tables.js';
import { goalKeyResults, goals } from './goals.tables.js';
import { recomputeGoalProgress } from './goals.progress.repo.js';

export { recomputeGoalProgress };

/**
 * Test support for goals (docs/decisions/0049): rows written straight into the tables, for tests
 * that need goals without going through createGoal (its policy is tested in goals.crud.test.ts).
 * The goal's stored progress (and its ancestors') is recomputed unless `recompute: false`.
 */
export type TestKeyResult = {
  title?: string;
  kind?: KeyResultKind;
  start_value?: number;
  target_value?: number;
  current_value?: number;
  currency?: string | null;
  weight?: number;
};
export type TestGoal = {
  organization_id: string;
  title?: string;
  description?: string;
  owner_kind?: GoalOwnerKind;
  owner_user_id?: string | null;
  owner_team_id?: string | null;
  parent_id?: string | null;
  kind?: GoalKind;
  competency_id?: string | null;
  start_date?: string | null;
  due_date?: string | null;
  visibility?: GoalVisibility;
  status?: GoalStatus;
  created_by?: string | null;
  created_at?: string;
  key_results?: TestKeyResult[];
  recompute?: boolean;
};

/** Inserts a goal (PERSON when owner_user_id is given, TEAM when owner_team_id, else COMPANY) and returns its id. */
export function insertGoal(app: FastifyInstance, g: TestGoal): string {
  const { db } = app.services;
  const id = newId();
  const at = g.created_at ?? nowIso();
  const ownerKind: GoalOwnerKind = g.owner_kind ?? (g.owner_user_id ? 'PERSON' : g.owner_team_id ? 'TEAM' : 'COMPANY');
  db.transaction(() => {
    db.insert(goals)
      .values({
        id,
        organization_id: g.organization_id,
        title: g.title ?? 'A goal',
        description: g.description ?? '',
        owner_kind: ownerKind,
        owner_user_id: g.owner_user_id ?? null,
        owner_team_id: g.owner_team_id ?? null,
        parent_id: g.parent_id ?? null,
        kind: g.kind ?? 'OBJECTIVE',
        competency_id: g.competency_id ?? null,
        start_date: g.start_date ?? null,
        due_date: g.due_date ?? null,
        visibility: g.visibility ?? 'EVERYONE',
        status: g.status ?? 'ON_TRACK',
        created_by: g.created_by ?? null,
        created_at: at,
        updated_at: at,
      })
      .run();
    (g.key_results ?? []).forEach((kr, position) => {
      const kind = kr.kind ?? 'NUMBER';
      const start = kind === 'BINARY' ? 0 : (kr.start_value ?? 0);
      db.insert(goalKeyResults)
        .values({
          id: newId(),
          organization_id: g.organization_id,
          goal_id: id,
          title: kr.title ?? `Key result ${position + 1}`,
          kind,
          start_value: start,
          target_value: kind === 'BINARY' ? 1 : (kr.target_value ?? 100),
          current_value: kr.current_value ?? start,
          currency: kr.currency ?? (kind === 'CURRENCY' ? 'EUR' : null),
          weight: kr.weight ?? 1,
          position,
          created_at: at,
          updated_at: at,
        })
        .run();
    });
    if (g.recompute !== false) recomputeGoalProgress(db, id);
  });
  return id;
}

export type GoalsCaller = {
  id: string;
  email: string;
  name: string;
  token: string;
  gql: (query: string, variables?: Record<string, unknown>) => Promise<GqlResult<Record<string, any>>>;
};

export async function goalsPerson(
  app: FastifyInstance,
  orgId: string,
  input: Parameters<typeof addUser>[2] & { full_name: string; email: string },
): Promise<GoalsCaller> {
  const u = await addUser(app, orgId, input);
  const s = await signedIn(app, u.email);
  return { id: u.id, email: u.email, name: input.full_name, token: s.token, gql: s.gql };
}

/**
 * The test world (server/test/world.ts) as the goals tests call on it, everyone signed in. "Acme":
 * `manager` manages the team "Core" and `owner` (the world's report) and `member` (its peer), both in
 * Core; `lead` leads Core; above `manager` is `boss` (a manager's manager, added here: goals reach up
 * the line); `otherManager` manages `outsider` (the team "Owls"); `admin`. "Globex" with its admin.
 * `prefix` keeps emails unique.
 */
export async function goalsWorld(app: FastifyInstance, prefix = '') {
  const { db } = app.services;
  const { acme, globex } = await createWorld(app, { prefix });
  const boss = await goalsPerson(app, acme.org.id, { email: `${prefix}boss@acme.example`, full_name: 'Bo Boss', permission_level: 'MANAGER' });
  db.update(users).set({ manager_id: boss.id }).where(eq(users.id, acme.manager.id)).run();
  const as = async (p: WorldPerson): Promise<GoalsCaller> => signInAs(app, p);
  return {
    org: acme.org,
    team: acme.team,
    otherTeam: acme.otherTeam,
    admin: await as(acme.admin),
    boss,
    manager: await as(acme.manager),
    lead: await as(acme.lead),
    owner: await as(acme.report),
    member: await as(acme.peer),
    otherManager: await as(acme.otherManager),
    outsider: await as(acme.outsider),
    otherOrg: globex.org,
    otherAdmin: await as(globex.admin),
  };
}
export type GoalsWorld = Awaited<ReturnType<typeof goalsWorld>>;

const PERSON = 'id full_name';
/** The Goal fields the tests read. */
export const GOAL = `id title description kind owner_kind owner { ${PERSON} } team { id name } parent { id title } parent_hidden competency_id
  start_date due_date visibility status progress band { percent band } expected_progress child_count children { id title progress }
  key_results { id title kind start_value target_value current_value currency weight progress }
  check_ins(first: 10) { id author { ${PERSON} } comment confidence status progress changes { key_result_id title before after } created_at }
  last_check_in_at can_edit created_by { ${PERSON} } created_at updated_at`;
export const CREATE_GOAL = `mutation($input: GoalInput!) { createGoal(input: $input) { ${GOAL} } }`;
export const UPDATE_GOAL = `mutation($id: ID!, $input: GoalUpdateInput!) { updateGoal(id: $id, input: $input) { ${GOAL} } }`;
export const DELETE_GOAL = 'mutation($id: ID!) { deleteGoal(id: $id) }';
export const CHECK_IN = `mutation($input: CheckInInput!) { checkInGoal(input: $input) { ${GOAL} } }`;
export const GET_GOAL = `query($id: ID!) { goal(id: $id) { ${GOAL} } }`;
export const MY_GOALS = `query($user_id: ID, $filter: GoalListFilter) { myGoals(user_id: $user_id, filter: $filter) { id title due_date status progress key_results { id progress } } }`;

export function must<T = any>(r: GqlResult<Record<string, any>>, key: string): T {
  if (r.errors?.length || !r.data) throw new Error(`${key} failed: ${JSON.stringify(r.errors)}`);
  return r.data[key] as T;
}
