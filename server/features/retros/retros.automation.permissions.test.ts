import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf } from '../../test/helpers.js';
import { retroTemplates, retroAutomationRules } from './retros.tables.js';
import {
  createRule,
  deleteRule,
  listRules,
  ruleInput,
  ruleOp,
  setUpRetroAutomation,
  updateRule,
  type RetroAutomationSetup,
} from './retros.automation.test-support.js';

let t: RetroAutomationSetup;
beforeAll(async () => {
  t = await setUpRetroAutomation();
});
afterAll(async () => {
  await t.app.close();
});

const ruleCount = () => t.app.services.db.select().from(retroAutomationRules).all().length;

describe("who may automate a team's retros", () => {
  it("the team's manager, its lead (a plain member otherwise) and admins create rules; others are refused and nothing is written", async () => {
    for (const c of [t.managerA, t.leadA, t.adminA]) {
      const res = await createRule(c, ruleInput(t.a.team.id));
      expect(res.errors).toBeUndefined();
    }
    const before = ruleCount();
    for (const c of [t.reportA, t.memberA, t.otherManagerA]) expect(codeOf(await createRule(c, ruleInput(t.a.team.id)))).toBe('FORBIDDEN');
    // Another organization's team does not exist for Globex's admin.
    expect(codeOf(await createRule(t.adminB, ruleInput(t.a.team.id)))).toBe('BAD_USER_INPUT');
    expect(ruleCount()).toBe(before);
  });

  it('lists each person the rules of the teams they manage or lead (admins: all); members who lead nothing are refused', async () => {
    const mine = (await listRules(t.managerA)).data!.retroAutomationRules;
    expect(mine.length).toBeGreaterThanOrEqual(3);
    expect(mine.every((r: { team: { id: string } }) => r.team.id === t.a.team.id)).toBe(true);
    expect((await listRules(t.leadA)).data!.retroAutomationRules).toHaveLength(mine.length);
    expect((await listRules(t.adminA)).data!.retroAutomationRules).toHaveLength(mine.length);
    expect((await listRules(t.otherManagerA)).data!.retroAutomationRules).toEqual([]);
    expect((await listRules(t.adminB)).data!.retroAutomationRules).toEqual([]);
    expect(codeOf(await listRules(t.memberA))).toBe('FORBIDDEN');
    expect(codeOf(await listRules(t.reportA))).toBe('FORBIDDEN');
  });

  it("change, pause, resume and delete: FORBIDDEN for people outside the team's lead, NOT_FOUND for another organization", async () => {
    const rule = (await createRule(t.managerA, ruleInput(t.a.team.id))).data!.createRetroAutomationRule;
    for (const c of [t.reportA, t.otherManagerA]) {
      expect(codeOf(await updateRule(c, rule.id, ruleInput(t.a.team.id, { anonymous: false })))).toBe('FORBIDDEN');
      expect(codeOf(await ruleOp(c, 'pause', rule.id))).toBe('FORBIDDEN');
      expect(codeOf(await deleteRule(c, rule.id))).toBe('FORBIDDEN');
    }
    expect(codeOf(await updateRule(t.adminB, rule.id, ruleInput(t.b.team.id)))).toBe('NOT_FOUND');
    expect(codeOf(await ruleOp(t.adminB, 'resume', rule.id))).toBe('NOT_FOUND');
    expect(codeOf(await deleteRule(t.adminB, rule.id))).toBe('NOT_FOUND');

    const edited = await updateRule(
      t.leadA,
      rule.id,
      ruleInput(t.a.team.id, { trigger: 'CADENCE', every_weeks: 3, anchor_at: '2027-02-01T09:00:00Z', anonymous: false }),
    );
    expect(edited.errors).toBeUndefined();
    expect(edited.data!.updateRetroAutomationRule).toMatchObject({
      trigger: 'CADENCE',
      every_weeks: 3,
      anonymous: false,
      next_run_at: '2027-02-01T09:00:00.000Z',
    });
    expect((await ruleOp(t.leadA, 'pause', rule.id)).data!.pauseRetroAutomationRule).toMatchObject({ paused: true, next_run_at: null });
    expect((await ruleOp(t.managerA, 'resume', rule.id)).data!.resumeRetroAutomationRule).toMatchObject({ paused: false });
    expect((await deleteRule(t.managerA, rule.id)).data).toEqual({ deleteRetroAutomationRule: true });
    expect(codeOf(await deleteRule(t.managerA, rule.id))).toBe('NOT_FOUND');
  });
});

describe('bad input', () => {
  it('answers BAD_USER_INPUT with the field for each rule the form also checks, and writes nothing', async () => {
    const archived = 'archived-template';
    t.app.services.db
      .insert(retroTemplates)
      .values({
        id: archived,
        organization_id: t.a.org.id,
        name: 'Old',
        prompts: [{ id: 'a', title: 'A', description: '', colour: '#2f7d4f' }],
        archived_at: '2027-01-01T00:00:00.000Z',
      })
      .run();
    const before = ruleCount();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ trigger: 'CADENCE', every_weeks: 13, anchor_at: '2027-02-01T09:00:00Z' }, 'every_weeks'],
      [{ trigger: 'CADENCE', every_weeks: 0, anchor_at: '2027-02-01T09:00:00Z' }, 'every_weeks'],
      [{ trigger: 'CADENCE' }, 'anchor_at'],
      [{ reflect_hours: 0, vote_hours: 24 }, 'reflect_hours'],
      [{ reflect_hours: 24, vote_hours: 337 }, 'vote_hours'],
      [{ reflect_hours: 24 }, 'vote_hours'],
      [{ template_id: archived }, 'template_id'],
      [{ template_id: 'builtin:nope' }, 'template_id'],
      [{ health_check_id: 'nope' }, 'health_check_id'],
      [{ facilitator_id: t.a.member.id }, 'facilitator_id'],
      [{ facilitator_id: t.b.admin.id }, 'facilitator_id'],
      [{ max_votes: 2, max_votes_per_group: 3 }, 'max_votes_per_group'],
    ];
    for (const [over, fieldName] of cases) {
      const res = await createRule(t.managerA, ruleInput(t.a.team.id, over));
      expect(codeOf(res), JSON.stringify(over)).toBe('BAD_USER_INPUT');
      expect(res.errors![0]!.message.startsWith(`${fieldName}:`), `${JSON.stringify(over)}: ${res.errors![0]!.message}`).toBe(true);
    }
    expect(ruleCount()).toBe(before);
    // At the limits it is fine.
    const ok = await createRule(
      t.managerA,
      ruleInput(t.a.team.id, {
        trigger: 'CADENCE',
        every_weeks: 12,
        anchor_at: '2027-02-01T09:00:00Z',
        reflect_hours: 1,
        vote_hours: 336,
        facilitator_id: t.second.id,
      }),
    );
    expect(ok.errors).toBeUndefined();
  });
});
