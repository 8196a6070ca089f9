// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { meAs, stubGraphql } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import { templateSummary } from '../review-templates/review-templates.test-support.js';
import type { PickablePerson } from '../teams/api.js';

/** The cycle's people picker searches the whole organization and says how many are shown of how many. */
cleanUpBetweenTests();
const T = { timeout: 5000 };
const pad = (n: number) => String(n).padStart(3, '0');

it('shows the first 50 of 120 people, says so, finds anyone by name or email, and shows more on demand', async () => {
  const people: PickablePerson[] = Array.from({ length: 120 }, (_, i) => ({
    id: `u${i}`,
    full_name: `Person ${pad(i)}`,
    email: `p${pad(i)}@example.com`,
    role: null,
    status: 'ACTIVE',
    team: null,
  }));
  people.push({ id: 'gone', full_name: 'Gone Person', email: 'gone@example.com', role: null, status: 'DEACTIVATED', team: null });
  stubGraphql(
    {
      ReviewTemplates: () => ({ data: { reviewTemplates: [templateSummary({ id: 't360', name: '360 review', review_type: '360', built_in: true })] } }),
      TeamPickerPeople: () => ({ data: { organizationUsers: people } }),
      Teams: () => ({ data: { teams: [] } }),
    },
    { me: meAs('ADMIN', { id: 'ada' }) },
  );
  await renderSignedIn('/reviews?view=new');
  const form = await screen.findByRole('form', { name: 'New review cycle' }, T);
  const picker = within(form).getByRole('group', { name: 'People' });
  const boxes = () => within(picker).getAllByRole('checkbox');
  expect(boxes()).toHaveLength(50);
  expect(within(picker).getByText('Showing 50 of 120 people: type a name to narrow the list.')).toBeTruthy();

  // Someone far down the list, by email; deactivated people are not offered.
  fireEvent.change(within(picker).getByLabelText('Search people'), { target: { value: 'p117@' } });
  expect(boxes().map((b) => b.closest('label')?.textContent)).toEqual(['Person 117 · p117@example.com']);
  expect(within(picker).getByText('1 match.')).toBeTruthy();
  fireEvent.change(within(picker).getByLabelText('Search people'), { target: { value: 'Gone' } });
  expect(within(picker).getByText('No match.')).toBeTruthy();

  fireEvent.change(within(picker).getByLabelText('Search people'), { target: { value: 'Person' } });
  expect(within(picker).getByText('Showing 50 of 120 matches: type more to narrow the list.')).toBeTruthy();
  fireEvent.click(within(picker).getByRole('button', { name: 'Show 50 more' }));
  fireEvent.click(within(picker).getByRole('button', { name: 'Show 20 more' }));
  expect(boxes()).toHaveLength(120);
  expect(within(picker).getByText('120 matches.')).toBeTruthy();
});
