// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { meAs, refusal, stubGraphql } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import type { CompetencyTrack } from './growth.types.js';

cleanUpBetweenTests();
const PATH = '/professional-development/framework';
const T = { timeout: 5000 };

const icTrack = (): CompetencyTrack => ({
  id: 'ic',
  name: 'Engineering IC',
  description: 'Builders',
  builtin_key: 'engineering-ic',
  archived: false,
  people: 3,
  updated_at: '2026-11-20T10:00:00.000Z',
  version: 1,
  levels: [
    { id: 'l1', name: 'Engineer I', description: '', position: 0, people: 1 },
    { id: 'l2', name: 'Engineer II', description: '', position: 1, people: 2 },
  ],
  competencies: [
    {
      id: 'c1',
      track_id: 'ic',
      name: 'Delivery',
      description: '',
      position: 0,
      expectations: [
        { level_id: 'l1', text: 'Ships tasks' },
        { level_id: 'l2', text: 'Ships features' },
      ],
    },
    {
      id: 'c2',
      track_id: 'ic',
      name: 'Ownership',
      description: '',
      position: 1,
      expectations: [
        { level_id: 'l1', text: 'Follows through' },
        { level_id: 'l2', text: 'Owns a service' },
      ],
    },
  ],
});

function stubServer(role: 'ADMIN' | 'MEMBER', options: { refuseUpdate?: boolean } = {}) {
  const tracks = [icTrack()];
  const { calls } = stubGraphql(
    {
      CompetencyFramework: () => ({ data: { competencyFramework: tracks } }),
      BuiltinCompetencyTracks: () => ({
        data: {
          builtinCompetencyTracks: [
            {
              key: 'engineering-manager',
              name: 'Engineering Manager',
              description: 'Leads teams',
              levels: ['Engineering Manager'],
              competencies: ['Hiring'],
              copied: false,
            },
          ],
        },
      }),
      CompetencyPlacements: () => ({ data: { placements: [] } }),
      TeamPickerPeople: () => ({ data: { organizationUsers: [] } }),
      UpdateCompetencyTrack: ({ id, input }) => {
        if (options.refuseUpdate)
          return refusal('Engineer I cannot be removed: 1 person is placed on it or assessed against it. Place them on another level first.', 'CONFLICT');
        const t = tracks.find((x) => x.id === id)!;
        t.name = input.name;
        return { data: { updateCompetencyTrack: t } };
      },
      CopyBuiltinCompetencyTrack: () => ({ data: { copyBuiltinCompetencyTrack: { ...icTrack(), id: 'em', name: 'Engineering Manager' } } }),
    },
    { me: meAs(role, { id: 'ada' }) },
  );
  return { calls };
}

const tracksList = () => screen.findByRole('list', { name: 'Tracks' }, T);

it('an admin edits a track: the shared rules refuse an empty level, then the whole track is saved with its ids and one expectation per level', async () => {
  const { calls } = stubServer('ADMIN');
  await renderSignedIn(PATH);
  const list = await tracksList();
  const track = within(list).getByRole('listitem', { name: /Engineering IC/ });
  expect(within(track).getByText('3 people')).toBeTruthy();
  fireEvent.click(within(track).getByRole('button', { name: 'Edit Engineering IC' }));

  const form = await screen.findByRole('form', { name: 'Edit Engineering IC' }, T);
  fireEvent.change(within(form).getByLabelText('Level 2 name'), { target: { value: '  ' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save track' }));
  expect((await within(form).findAllByText('Level name is required.', {}, T)).length).toBeGreaterThan(0);
  expect(calls.some((c) => c.operationName === 'UpdateCompetencyTrack')).toBe(false);

  fireEvent.change(within(form).getByLabelText('Level 2 name'), { target: { value: 'Engineer II' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Add a level' }));
  fireEvent.change(within(form).getByLabelText('Level 3 name'), { target: { value: 'Senior Engineer' } });
  // One competency at a time, its levels stacked: Ownership's expectation of the new level.
  fireEvent.click(within(form).getByRole('button', { name: 'Ownership' }));
  fireEvent.change(within(form).getByLabelText('What Senior Engineer expects'), { target: { value: 'Owns an area' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Move Ownership up' }));
  fireEvent.click(within(form).getByRole('button', { name: 'Save track' }));

  await waitFor(() => expect(calls.some((c) => c.operationName === 'UpdateCompetencyTrack')).toBe(true), T);
  const saved = calls.find((c) => c.operationName === 'UpdateCompetencyTrack')!.variables;
  expect(saved.id).toBe('ic');
  expect(saved.input.levels).toEqual([
    { id: 'l1', name: 'Engineer I', description: '' },
    { id: 'l2', name: 'Engineer II', description: '' },
    { id: null, name: 'Senior Engineer', description: '' },
  ]);
  expect(saved.input.competencies.map((c: { id: string; expectations: string[] }) => [c.id, c.expectations])).toEqual([
    ['c2', ['Follows through', 'Owns a service', 'Owns an area']],
    ['c1', ['Ships tasks', 'Ships features', '']],
  ]);
  await tracksList();
});

it('shows the server refusal when a level in use is removed, and copies a built-in track', async () => {
  const { calls } = stubServer('ADMIN', { refuseUpdate: true });
  await renderSignedIn(PATH);
  const list = await tracksList();
  fireEvent.click(within(list).getByRole('button', { name: 'Edit Engineering IC' }));
  const form = await screen.findByRole('form', { name: 'Edit Engineering IC' }, T);
  fireEvent.click(within(form).getByRole('button', { name: 'Remove Engineer I' }));
  expect(within(form).queryByLabelText('Level 2 name')).toBeNull();
  fireEvent.click(within(form).getByRole('button', { name: 'Save track' }));
  expect((await within(form).findByRole('alert', {}, T)).textContent).toContain('1 person is placed on it');
  fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));

  const builtins = await screen.findByRole('list', { name: 'Built-in tracks' }, T);
  fireEvent.click(within(builtins).getByRole('button', { name: 'Copy Engineering Manager' }));
  await waitFor(() => expect(calls.find((c) => c.operationName === 'CopyBuiltinCompetencyTrack')?.variables).toEqual({ key: 'engineering-manager' }), T);
});

it('a member reads the framework, one competency at a time, without changing it', async () => {
  const { calls } = stubServer('MEMBER');
  await renderSignedIn(PATH);
  const list = await tracksList();
  expect(within(list).queryByRole('button', { name: 'Edit Engineering IC' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'New track' })).toBeNull();
  expect(screen.queryByRole('heading', { name: 'Placements' })).toBeNull();
  fireEvent.change(within(list).getByLabelText('Competency'), { target: { value: 'c2' } });
  expect(within(list).getByText('Owns a service')).toBeTruthy();
  expect(calls.some((c) => c.operationName === 'BuiltinCompetencyTracks')).toBe(false);
});
