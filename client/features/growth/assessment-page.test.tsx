// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { meAs, refusal, stubGraphql } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import type { Assessment, AssessmentOverview } from './growth.types.js';

cleanUpBetweenTests();
const T = { timeout: 5000 };
const ada = { id: 'user-1', full_name: 'Ada Lovelace' };
const mona = { id: 'user-2', full_name: 'Mona Manager' };
const track = { id: 't1', name: 'Engineering IC' };
const level = { id: 'l2', name: 'Senior' };
const competency = (id: string, name: string) => ({ id, track_id: 't1', name, description: '', position: 0, expectations: [] });
const delivery = competency('c1', 'Delivery');
const craft = competency('c2', 'Craft');
const assessment = (patch: Partial<Assessment>): Assessment => ({
  id: 'a1',
  subject: ada,
  assessor: ada,
  kind: 'SELF',
  status: 'SUBMITTED',
  track,
  level,
  summary: '',
  version: 3,
  ratings: [
    { competency_id: 'c1', rating: 2, comment: '' },
    { competency_id: 'c2', rating: 3, comment: '' },
  ],
  submitted_at: '2026-10-01T10:00:00.000Z',
  updated_at: '2026-10-01T10:00:00.000Z',
  ...patch,
});
const selfNow = assessment({ id: 'self-2' });
const managerNow = assessment({
  id: 'mgr-1',
  kind: 'MANAGER',
  assessor: mona,
  ratings: [
    { competency_id: 'c1', rating: 3, comment: '' },
    { competency_id: 'c2', rating: 3, comment: '' },
  ],
});
const selfBefore = assessment({
  id: 'self-1',
  submitted_at: '2026-04-01T10:00:00.000Z',
  ratings: [
    { competency_id: 'c1', rating: 1, comment: '' },
    { competency_id: 'c2', rating: 4, comment: '' },
  ],
});

function overview(patch: Partial<AssessmentOverview> = {}): AssessmentOverview {
  return {
    subject: ada,
    placement: { user: ada, track, level: { ...level, position: 1 }, placed_by: null, placed_at: '2026-01-01T00:00:00.000Z' },
    self: selfNow,
    manager: managerNow,
    my_draft: null,
    can_assess_as: 'SELF',
    history: [managerNow, selfNow, selfBefore],
    rows: [
      { competency: delivery, expectation: 'Ships features alone', next_expectation: 'Leads a project', self: 2, manager: 3, gap: 1 },
      { competency: craft, expectation: 'Clean code', next_expectation: null, self: 3, manager: 3, gap: 0 },
    ],
    ...patch,
  };
}
const cells = (rowName: string) =>
  within(screen.getByRole('row', { name: new RegExp(`^${rowName}`) }))
    .getAllByRole('cell')
    .map((c) => c.textContent);

it('shows self and manager side by side with the gaps in numbers and words, the radar summary, and a past assessment to compare', async () => {
  stubGraphql({ AssessmentOverview: () => ({ data: { assessmentOverview: overview() } }) }, { me: meAs('MEMBER') });
  await renderSignedIn('/profile/assesment');
  await screen.findByRole('heading', { name: 'My assessment' }, T);
  expect(screen.getByText(/Ada Lovelace:/, { selector: 'p' }).textContent).toBe('Ada Lovelace: Senior on Engineering IC');
  expect(cells('Delivery')).toEqual(['2', '3', '+1 Manager rates 1 higher']);
  expect(cells('Craft')).toEqual(['3', '3', '0 Same rating']);
  const radar = screen.getByRole('img', { name: /Ratings of Ada Lovelace/ });
  const summary = document.getElementById(radar.getAttribute('aria-describedby')!)!.textContent;
  expect(summary).toContain('Delivery: self 2 (Partly), manager 3 (Meets) (manager rates 1 higher)');
  expect(summary).toContain('None below the level.');

  // History, newest first; comparing with April's self-assessment puts its ratings in the self column.
  const history = within(screen.getByRole('region', { name: 'History' }));
  expect(history.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
    expect.stringContaining('Manager assessment by Mona Manager, Oct 1, 2026'),
    expect.stringContaining('Self-assessment, Oct 1, 2026'),
    expect.stringContaining('Self-assessment, Apr 1, 2026'),
  ]);
  fireEvent.click(screen.getByRole('button', { name: 'Compare: Self-assessment, Apr 1, 2026' }));
  expect(cells('Delivery')).toEqual(['1', '3', '+2 Manager rates 2 higher']);
  expect(cells('Craft')).toEqual(['4', '3', '-1 Manager rates 1 lower']);
});

it('starts a self-assessment: expectations of the level and the next, autosave with the base version, a failed save keeps the text, submit names what is missing', async () => {
  const draft = assessment({
    id: 'd1',
    status: 'DRAFT',
    version: 1,
    submitted_at: null,
    ratings: [
      { competency_id: 'c1', rating: null, comment: '' },
      { competency_id: 'c2', rating: null, comment: '' },
    ],
  });
  let conflictNext = false;
  const { calls } = stubGraphql(
    {
      AssessmentOverview: () => ({
        data: {
          assessmentOverview: overview({
            self: null,
            manager: null,
            history: [],
            rows: overview().rows.map((r) => ({ ...r, self: null, manager: null, gap: null })),
          }),
        },
      }),
      StartAssessment: () => ({ data: { startAssessment: draft } }),
      SaveAssessment: (v) =>
        conflictNext ? refusal('Changed elsewhere.', 'CONFLICT') : { data: { saveAssessment: { ...draft, version: v.base_version + 1 } } },
      SubmitAssessment: () => refusal('Rate every competency before submitting. Not rated yet: Craft.', 'BAD_USER_INPUT'),
    },
    { me: meAs('MEMBER') },
  );
  await renderSignedIn('/profile/assesment');
  fireEvent.click(await screen.findByRole('button', { name: 'Assess yourself' }, T));
  const form = within(await screen.findByRole('region', { name: 'Your self-assessment' }, T));
  const deliveryGroup = form.getByRole('group', { name: 'Delivery' });
  expect(within(deliveryGroup).getByText('Ships features alone')).toBeTruthy();
  expect(within(deliveryGroup).getByText('Leads a project')).toBeTruthy();
  expect(within(form.getByRole('group', { name: 'Craft' })).getByText('This is the top level.')).toBeTruthy();

  fireEvent.click(within(form.getByRole('radiogroup', { name: 'Rating for Delivery' })).getByLabelText(/^3 Meets/));
  fireEvent.change(form.getByLabelText('Comment on Delivery'), { target: { value: 'Shipped the importer' } });
  await waitFor(() => expect(form.getByText(/^Draft saved at/)).toBeTruthy(), T);
  const saves = calls.filter((c) => c.operationName === 'SaveAssessment');
  expect(saves).toHaveLength(1);
  expect(saves[0]!.variables).toEqual({
    id: 'd1',
    base_version: 1,
    input: {
      summary: '',
      ratings: [
        { competency_id: 'c1', rating: 3, comment: 'Shipped the importer' },
        { competency_id: 'c2', rating: null, comment: '' },
      ],
    },
  });

  fireEvent.click(form.getByRole('button', { name: 'Submit assessment' }));
  await waitFor(() => expect(form.getByRole('alert').textContent).toBe('Rate every competency before submitting. Not rated yet: Craft.'), T);
  expect((form.getByLabelText('Comment on Delivery') as HTMLTextAreaElement).value).toBe('Shipped the importer');

  // A change says it is not saved yet, never the earlier "Draft saved at".
  conflictNext = true;
  fireEvent.change(form.getByLabelText('Summary'), { target: { value: 'A good half year' } });
  expect(form.getByText('Unsaved changes')).toBeTruthy();
  await waitFor(() => expect(form.getByText(/^Not saved: this draft was saved from another window/)).toBeTruthy(), T);
  expect((form.getByLabelText('Summary') as HTMLTextAreaElement).value).toBe('A good half year');
  expect(calls.filter((c) => c.operationName === 'SaveAssessment')[1]!.variables.base_version).toBe(2);
  // Changed elsewhere: nothing is submitted over it, and the text stays.
  const submits = calls.filter((c) => c.operationName === 'SubmitAssessment').length;
  fireEvent.click(form.getByRole('button', { name: 'Submit assessment' }));
  await waitFor(
    () => expect(form.getByRole('alert').textContent).toBe('Not submitted: the assessment could not be saved first (see above). Your ratings are kept here.'),
    T,
  );
  expect(calls.filter((c) => c.operationName === 'SubmitAssessment')).toHaveLength(submits);
  expect((form.getByLabelText('Summary') as HTMLTextAreaElement).value).toBe('A good half year');
});

it('deleting a draft asks first: Cancel keeps it, confirming deletes it and says so', async () => {
  const draft = assessment({ id: 'd1', status: 'DRAFT', version: 1, submitted_at: null, ratings: [{ competency_id: 'c1', rating: null, comment: '' }] });
  const { calls } = stubGraphql(
    {
      AssessmentOverview: () => ({
        data: {
          assessmentOverview: overview({
            self: null,
            manager: null,
            history: [],
            rows: overview().rows.map((r) => ({ ...r, self: null, manager: null, gap: null })),
          }),
        },
      }),
      StartAssessment: () => ({ data: { startAssessment: draft } }),
      DeleteAssessmentDraft: () => ({ data: { deleteAssessmentDraft: true } }),
    },
    { me: meAs('MEMBER') },
  );
  await renderSignedIn('/profile/assesment');
  fireEvent.click(await screen.findByRole('button', { name: 'Assess yourself' }, T));
  const form = within(await screen.findByRole('region', { name: 'Your self-assessment' }, T));
  fireEvent.click(form.getByRole('button', { name: 'Delete draft' }));
  let dialog = within(await screen.findByRole('alertdialog', { name: 'Delete this draft?' }, T));
  expect(dialog.getByText('Its ratings and comments are lost.')).toBeTruthy();
  fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull(), T);
  expect(calls.filter((c) => c.operationName === 'DeleteAssessmentDraft')).toHaveLength(0);
  fireEvent.click(form.getByRole('button', { name: 'Delete draft' }));
  dialog = within(await screen.findByRole('alertdialog', { name: 'Delete this draft?' }, T));
  fireEvent.click(dialog.getByRole('button', { name: 'Delete draft' }));
  await screen.findByText('Draft deleted.', undefined, T);
  expect(calls.filter((c) => c.operationName === 'DeleteAssessmentDraft').map((c) => c.variables)).toEqual([{ id: 'd1' }]);
});

it('a manager picks a report to see and assess; someone not placed is told to ask for a placement', async () => {
  const remy = { id: 'user-3', full_name: 'Remy Report' };
  const { calls } = stubGraphql(
    {
      AssessmentOverview: (v) => ({
        data: {
          assessmentOverview:
            v.userId === remy.id
              ? overview({ subject: remy, placement: null, rows: [], self: null, manager: null, history: [], can_assess_as: 'MANAGER' })
              : overview({ subject: mona, can_assess_as: 'SELF' }),
        },
      }),
      AssessmentPeople: () => ({
        data: {
          organizationUsers: [
            { id: mona.id, full_name: mona.full_name, email: 'm@x.example', status: 'ACTIVE', manager: null, team: null },
            { id: remy.id, full_name: remy.full_name, email: 'r@x.example', status: 'ACTIVE', manager: { id: mona.id }, team: null },
            { id: 'user-4', full_name: 'Pia Peer', email: 'p@x.example', status: 'ACTIVE', manager: null, team: null },
          ],
        },
      }),
    },
    { me: meAs('MANAGER', { id: mona.id, full_name: mona.full_name }) },
  );
  const { router } = await renderSignedIn('/profile/assesment');
  const picker = (await screen.findByLabelText('Whose assessment', undefined, T)) as HTMLSelectElement;
  await waitFor(() => expect([...picker.options].map((o) => o.textContent)).toEqual(['Me', 'Remy Report']), T);
  fireEvent.change(picker, { target: { value: remy.id } });
  await screen.findByRole('heading', { name: 'Assessment of Remy Report' }, T);
  expect(router.state.location.search).toEqual({ user: remy.id });
  expect(calls.some((c) => c.operationName === 'AssessmentOverview' && c.variables.userId === remy.id)).toBe(true);
  expect(screen.getByRole('heading', { name: 'Not placed on a track yet' })).toBeTruthy();
  expect(screen.getByText(/Ask an admin \(or Remy Report's manager\) to place Remy Report/)).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Assess Remy Report' })).toBeNull();
});
