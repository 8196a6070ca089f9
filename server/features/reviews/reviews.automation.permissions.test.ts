import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULE, ruleInput, setUpAutomation } from './reviews.automation.test-support.js';

let t: Awaited<ReturnType<typeof setUpAutomation>>;
let templateId: string;
let adminRuleId: string;
let sprintId: string;
beforeAll(async () => {
  t = await setUpAutomation();
  const res = await t.adminA.gql('{ reviewTemplates { id built_in_key } }');
  templateId = (res.data!.reviewTemplates as Array<{ id: string; built_in_key: string | null }>).find((x) => x.built_in_key === '360_review')!.id;
  adminRuleId = (await create(t.adminA, ruleInput({ template_id: templateId, user_ids: [t.a.member.id] }))).data!.createReviewAutomationRule.id;
  sprintId = (
    await t.adminA.gql('mutation($input: ReviewSprintInput!) { createReviewSprint(input: $input) { id } }', {
      input: { team_id: t.a.team.id, name: 'Sprint 1', starts_on: '2027-01-04', ends_on: '2027-01-15' },
    })
  ).data!.createReviewSprint.id;
});
afterAll(async () => t.app.close());

type Caller = typeof t.adminA;
const create = (c: Caller, input: unknown) =>
  c.gql(`mutation($input: ReviewAutomationRuleInput!) { createReviewAutomationRule(input: $input) { ${RULE} } }`, { input });
const code = (res: { errors?: Array<{ extensions?: Record<string, unknown> }> }) => res.errors?.[0]?.extensions?.code;

describe('review automation permissions and isolation', () => {
  it('refuses members', async () => {
    expect(code(await t.memberA.gql('{ reviewAutomationRules { id } }'))).toBe('FORBIDDEN');
    expect(code(await create(t.memberA, ruleInput({ template_id: templateId, user_ids: [t.a.member.id] })))).toBe('FORBIDDEN');
    expect(code(await t.memberA.gql('{ reviewSprints { id } }'))).toBe('FORBIDDEN');
  });

  it('lets managers automate only their teams and reports, and change only their own rules', async () => {
    const outside = await create(t.managerA, ruleInput({ template_id: templateId, user_ids: [t.a.member.id] }));
    expect(outside.errors![0]!.message).toBe('Managers automate reviews only for the teams they manage or lead and their direct reports.');
    const own = await create(t.managerA, ruleInput({ template_id: templateId, team_ids: [t.a.team.id] }));
    expect(own.errors).toBeUndefined();
    const listed = await t.managerA.gql('{ reviewAutomationRules { id } }');
    expect(listed.data!.reviewAutomationRules).toEqual([{ id: own.data!.createReviewAutomationRule.id }]);
    expect(code(await t.managerA.gql('mutation($id: ID!) { pauseReviewAutomationRule(id: $id) { id } }', { id: adminRuleId }))).toBe('FORBIDDEN');
    expect(code(await t.managerA.gql('mutation($id: ID!) { deleteReviewAutomationRule(id: $id) }', { id: adminRuleId }))).toBe('FORBIDDEN');
    const admins = await t.adminA.gql('{ reviewAutomationRules { id } }');
    expect(admins.data!.reviewAutomationRules).toHaveLength(2);
  });

  it('explains bad input next to the field', async () => {
    const res = await create(t.adminA, ruleInput({ template_id: templateId, anchor_on: null, user_ids: [t.a.member.id] }));
    expect(code(res)).toBe('BAD_USER_INPUT');
    expect(res.errors![0]!.extensions!.fields).toEqual({ anchor_on: 'Choose the date of the first cycle.' });
    const sprintRule = await create(t.adminA, ruleInput({ type: 'SPRINT_END', template_id: null, team_ids: [] }));
    expect(sprintRule.errors![0]!.extensions!.fields).toMatchObject({ team_ids: 'Choose the one team whose sprints end the cycle.' });
  });

  it('never shows or changes another organization’s rules, runs, sprints, teams or templates', async () => {
    expect((await t.adminB.gql('{ reviewAutomationRules { id } }')).data!.reviewAutomationRules).toEqual([]);
    expect((await t.adminB.gql('{ reviewSprints { id } }')).data!.reviewSprints).toEqual([]);
    for (const m of ['pauseReviewAutomationRule(id: $id) { id }', 'resumeReviewAutomationRule(id: $id) { id }', 'deleteReviewAutomationRule(id: $id)']) {
      expect(code(await t.adminB.gql(`mutation($id: ID!) { ${m} }`, { id: adminRuleId }))).toBe('NOT_FOUND');
    }
    expect(
      code(
        await t.adminB.gql('mutation($id: ID!, $input: ReviewAutomationRuleInput!) { updateReviewAutomationRule(id: $id, input: $input) { id } }', {
          id: adminRuleId,
          input: ruleInput({ template_id: templateId, user_ids: [t.b.member.id] }),
        }),
      ),
    ).toBe('NOT_FOUND');
    expect(code(await t.adminB.gql('query($id: ID!) { reviewAutomationRuns(ruleId: $id) { id } }', { id: adminRuleId }))).toBe('NOT_FOUND');
    expect(code(await t.adminB.gql('mutation($id: ID!) { deleteReviewSprint(id: $id) }', { id: sprintId }))).toBe('NOT_FOUND');
    const borrowedTeam = await create(t.adminB, ruleInput({ type: 'SPRINT_END', template_id: null, team_ids: [t.a.team.id] }));
    expect(borrowedTeam.errors![0]!.extensions!.fields).toEqual({ team_ids: 'Some of these teams do not exist.' });
    const borrowedTemplate = await create(t.adminB, ruleInput({ template_id: templateId, user_ids: [t.b.member.id] }));
    expect(borrowedTemplate.errors![0]!.extensions!.fields).toEqual({ template_id: 'Choose a template.' });
    const sprintOfA = await t.adminB.gql('mutation($input: ReviewSprintInput!) { createReviewSprint(input: $input) { id } }', {
      input: { team_id: t.a.team.id, name: 'Stolen', starts_on: '2027-01-04', ends_on: '2027-01-15' },
    });
    expect(code(sprintOfA)).toBe('BAD_USER_INPUT');
    // Org A's rule still stands, untouched.
    expect((await t.adminA.gql('{ reviewAutomationRules { id active } }')).data!.reviewAutomationRules).toContainEqual({ id: adminRuleId, active: true });
  });
});

describe('updateReviewSprint', () => {
  const update = (c: Caller, id: string, input: Record<string, unknown>) =>
    c.gql('mutation($id: ID!, $input: ReviewSprintInput!) { updateReviewSprint(id: $id, input: $input) { id name team_id starts_on ends_on } }', {
      id,
      input: { team_id: t.a.team.id, name: 'Sprint 1', starts_on: '2027-01-04', ends_on: '2027-01-15', ...input },
    });
  const stored = () => t.app.services.db.$client.prepare('SELECT name, team_id, starts_on, ends_on FROM review_sprints WHERE id = ?').get(sprintId);

  it('explains bad input next to the field and changes nothing', async () => {
    const backwards = await update(t.adminA, sprintId, { starts_on: '2027-01-20', ends_on: '2027-01-10' });
    expect(code(backwards)).toBe('BAD_USER_INPUT');
    expect(backwards.errors![0]!.extensions!.fields).toEqual({ ends_on: 'The sprint ends on or after its first day.' });
    const blank = await update(t.adminA, sprintId, { name: '  ', starts_on: '2027-02-30' });
    expect(blank.errors![0]!.extensions!.fields).toMatchObject({ name: 'Enter a sprint name.', starts_on: 'Enter the first day of the sprint.' });
    const tooLong = await update(t.adminA, sprintId, { ends_on: '2027-06-30' });
    expect(tooLong.errors![0]!.extensions!.fields).toEqual({ ends_on: 'A sprint lasts at most 120 days.' });
    expect(stored()).toEqual({ name: 'Sprint 1', team_id: t.a.team.id, starts_on: '2027-01-04', ends_on: '2027-01-15' });
  });

  it('refuses members, managers outside their teams and other organizations; lets the team’s manager rename and move it', async () => {
    expect(code(await update(t.memberA, sprintId, { name: 'Mine now' }))).toBe('FORBIDDEN');
    // Another organization: the sprint does not exist for them, and nor does org A's team.
    expect(code(await update(t.adminB, sprintId, { name: 'Stolen' }))).toBe('NOT_FOUND');
    expect(code(await update(t.adminB, sprintId, { team_id: t.b.team.id }))).toBe('NOT_FOUND');
    expect((await update(t.adminA, sprintId, { team_id: t.b.team.id })).errors![0]!.extensions!.fields).toEqual({ team_id: 'Choose a team.' });
    // The manager leads org A's team, not a team they do not manage.
    const other = t.app.services.db.$client
      .prepare("INSERT INTO teams (id, organization_id, name) VALUES ('other-team', ?, 'Other') RETURNING id")
      .get(t.a.org.id) as { id: string };
    expect(code(await update(t.managerA, sprintId, { team_id: other.id }))).toBe('FORBIDDEN');
    expect(stored()).toEqual({ name: 'Sprint 1', team_id: t.a.team.id, starts_on: '2027-01-04', ends_on: '2027-01-15' });

    const renamed = await update(t.managerA, sprintId, { name: ' Sprint 1b ', starts_on: '2027-01-05', ends_on: '2027-01-16' });
    expect(renamed.errors).toBeUndefined();
    expect(renamed.data!.updateReviewSprint).toEqual({ id: sprintId, name: 'Sprint 1b', team_id: t.a.team.id, starts_on: '2027-01-05', ends_on: '2027-01-16' });
    // Once moved to a team the manager does not lead, the sprint is out of their reach.
    expect((await update(t.adminA, sprintId, { team_id: other.id })).errors).toBeUndefined();
    expect(code(await update(t.managerA, sprintId, { team_id: t.a.team.id }))).toBe('FORBIDDEN');
  });
});
