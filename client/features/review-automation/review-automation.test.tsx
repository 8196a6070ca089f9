// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { meAs, stubGraphql } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import { templateSummary } from '../review-templates/review-templates.test-support.js';
import type { AutomationRule } from './review-automation.api.js';

cleanUpBetweenTests();
const T = { timeout: 5000 };

const rule = (patch: Partial<AutomationRule> = {}): AutomationRule => ({
  id: 'r1',
  name: 'Quarterly 360',
  type: 'REPEAT',
  template_id: 't360',
  template_name: '360 review',
  every_count: 3,
  anchor_on: '2027-01-15',
  user_ids: [],
  team_ids: ['team1'],
  teams: [{ id: 'team1', name: 'Platform' }],
  people: [],
  perspectives: ['SELF', 'MANAGER'],
  min_peers: 0,
  max_peers: 8,
  anonymity_threshold: 5,
  nomination_days: 7,
  review_days: 14,
  release_days: null,
  active: true,
  starts_as_draft: false,
  next_run_at: '2027-01-15T00:00:00.000Z',
  run_count: 0,
  ...patch,
});

function stubAutomation(rules: AutomationRule[] = []) {
  return stubGraphql(
    {
      ReviewAutomationRules: () => ({ data: { reviewAutomationRules: rules } }),
      ReviewSprints: () => ({ data: { reviewSprints: [] } }),
      ReviewReminderSettings: () => ({ data: { reviewReminderSettings: { days_before: 2, when_overdue: true, updated_at: null } } }),
      ReviewTemplates: () => ({
        data: {
          reviewTemplates: [
            templateSummary({ id: 't360', name: '360 review', review_type: '360', built_in: true }),
            templateSummary({ id: 'tsp', name: 'Sprint review', review_type: 'sprint', built_in: true }),
          ],
        },
      }),
      TeamPickerPeople: () => ({
        data: { organizationUsers: [{ id: 'u2', full_name: 'Grace Hopper', email: 'grace@example.com', role: null, status: 'ACTIVE' as const, team: null }] },
      }),
      Teams: () => ({
        data: { teams: [{ id: 'team1', name: 'Platform', status: 'ACTIVE', manager: null, team_lead: null, users: [], aggregations: { count_users: 4 } }] },
      }),
      CreateReviewAutomationRule: ({ input }) => {
        rules.push(rule({ id: 'r2', name: input.name as string }));
        return { data: { createReviewAutomationRule: rules.at(-1)! } };
      },
    },
    { me: meAs('ADMIN', { id: 'ada' }) },
  );
}

it('the rule form shows what is missing next to the fields and sends the rule once it is valid', async () => {
  const { calls } = stubAutomation();
  await renderSignedIn('/reviews/automation');
  expect(await screen.findByText('No automation rules yet', undefined, T)).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'New rule' }));
  const form = await screen.findByRole('form', { name: 'New automation rule' });
  fireEvent.click(within(form).getByRole('button', { name: 'Create rule' }));
  expect(await within(form).findByText('Enter a rule name.')).toBeTruthy();
  expect(within(form).getByText('Choose the date of the first cycle.')).toBeTruthy();
  expect(within(form).getByText('Add at least one person or team.')).toBeTruthy();
  expect(within(form).getByText('Choose a template.')).toBeTruthy();
  expect(calls.some((c) => c.operationName === 'CreateReviewAutomationRule')).toBe(false);

  fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Quarterly 360' } });
  fireEvent.change(within(form).getByLabelText('Template'), { target: { value: 't360' } });
  fireEvent.change(within(form).getByLabelText('First cycle on'), { target: { value: '2027-01-15' } });
  fireEvent.click(within(form).getByRole('checkbox', { name: 'Platform' }));
  // Peers with a minimum: cycles wait for nominations, which need days.
  fireEvent.click(within(form).getByRole('checkbox', { name: 'Peer' }));
  // Peers on: the minimum starts at the threshold, so nobody is left without peer results.
  expect((within(form).getByLabelText('Minimum peers') as HTMLInputElement).value).toBe('5');
  expect(within(form).queryByTestId('peer-threshold-warning')).toBeNull();
  fireEvent.change(within(form).getByLabelText('Minimum peers'), { target: { value: '2' } });
  expect(within(form).getByTestId('peer-threshold-warning').textContent).toContain(
    'With a minimum of 2 peers, anyone with fewer than 5 approved peers will see no peer results.',
  );
  fireEvent.change(within(form).getByLabelText('Days to nominate peers'), { target: { value: '0' } });
  expect(within(form).getByText('Cycles start as drafts: people nominate peers, then whoever runs the cycle launches it.')).toBeTruthy();
  fireEvent.click(within(form).getByRole('button', { name: 'Create rule' }));
  expect(await within(form).findByText('Give people at least 1 day to nominate peers.')).toBeTruthy();

  fireEvent.change(within(form).getByLabelText('Days to nominate peers'), { target: { value: '5' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Create rule' }));
  const list = await screen.findByRole('list', { name: 'Automation rules' }, T);
  expect(within(list).getByRole('heading', { name: /Quarterly 360/ })).toBeTruthy();
  expect(within(list).getByText('Every 3 months from Jan 15, 2027')).toBeTruthy();
  const sent = calls.find((c) => c.operationName === 'CreateReviewAutomationRule')!.variables.input;
  expect(sent).toMatchObject({
    name: 'Quarterly 360',
    type: 'REPEAT',
    template_id: 't360',
    every_count: 3,
    anchor_on: '2027-01-15',
    team_ids: ['team1'],
    user_ids: [],
    perspectives: ['SELF', 'MANAGER', 'PEER'],
    min_peers: 2,
    max_peers: 8,
    anonymity_threshold: 5,
    nomination_days: 5,
    review_days: 14,
    release_days: null,
  });
});

it('lists rules with their next run and asks before deleting one', async () => {
  stubAutomation([rule()]);
  await renderSignedIn('/reviews/automation');
  const list = await screen.findByRole('list', { name: 'Automation rules' }, T);
  expect(within(list).getByText('Jan 15, 2027, 00:00')).toBeTruthy();
  fireEvent.click(within(list).getByRole('button', { name: 'Delete' }));
  const dialog = await screen.findByRole('alertdialog');
  expect(within(dialog).getByText('Delete Quarterly 360?')).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
});
