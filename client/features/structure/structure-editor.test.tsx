// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { meAs, refusal, stubGraphql } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import type { BusinessUnitNode } from './api.js';

/** The server at the network edge: a tree in memory; business unit names are unique like on the real server. */
function stubServer() {
  const units: BusinessUnitNode[] = [
    {
      id: 'bu1',
      unit_name: 'Engineering',
      headcount: 3,
      departments: [{ id: 'd1', name: 'Platform', headcount: 3, subdepartments: [{ id: 's1', title: 'Databases', headcount: 3 }] }],
    },
  ];
  return stubGraphql(
    {
      CompanyStructure: () => ({ data: { businessUnits: units, structureHeadcount: { people: 5, without_subdepartment: 2 } } }),
      CreateBusinessUnit: ({ name }) => {
        if (units.some((u) => u.unit_name.toLowerCase() === name.toLowerCase())) return refusal(`A business unit named "${name}" already exists.`, 'CONFLICT');
        units.push({ id: `bu${units.length + 1}`, unit_name: name, headcount: 0, departments: [] });
        return { data: { createBusinessUnit: { id: `bu${units.length}` } } };
      },
      DeleteSubdepartment: () => refusal('"Databases" still has 3 people. Move them to another sub-department first.', 'CONFLICT'),
    },
    { me: meAs('ADMIN', { id: 'u1', full_name: 'Ada Admin' }) },
  );
}

async function renderEditor() {
  await renderSignedIn('/admin/company/company-structure');
  await screen.findByRole('heading', { name: 'Company structure', level: 1 }, { timeout: 5000 });
}

cleanUpBetweenTests();

it('shows the tree with headcounts at every level', async () => {
  stubServer();
  await renderEditor();
  const tree = screen.getByRole('list', { name: 'Company structure' });
  expect(within(tree).getByText('Engineering')).toBeTruthy();
  expect(within(screen.getByRole('list', { name: 'Inside Platform' })).getByText('sub-department · 3 people')).toBeTruthy();
});

it('adds a business unit from the inline input; a taken name shows the conflict next to it', async () => {
  const server = stubServer();
  await renderEditor();
  fireEvent.click(screen.getByRole('button', { name: 'Add business unit' }));
  const input = screen.getByLabelText('Name of the new business unit');
  expect(document.activeElement).toBe(input);
  fireEvent.change(input, { target: { value: 'engineering' } });
  fireEvent.submit(input.closest('form')!);
  expect(await screen.findByText('A business unit named "engineering" already exists.')).toBeTruthy();
  expect(input.getAttribute('aria-invalid')).toBe('true');

  fireEvent.change(input, { target: { value: '  Sales ' } });
  fireEvent.submit(input.closest('form')!);
  await within(screen.getByRole('list', { name: 'Company structure' })).findByText('Sales');
  expect(server.calls.filter((c) => c.operationName === 'CreateBusinessUnit').map((c) => c.variables)).toEqual([{ name: 'engineering' }, { name: 'Sales' }]);
  expect(screen.queryByLabelText('Name of the new business unit')).toBeNull();
});

it('Escape leaves an inline rename without sending and gives focus back to the Rename button', async () => {
  const server = stubServer();
  await renderEditor();
  fireEvent.click(screen.getByRole('button', { name: 'Rename Platform' }));
  const input = screen.getByLabelText('New name for Platform') as HTMLInputElement;
  expect(input.value).toBe('Platform');
  fireEvent.keyDown(input, { key: 'Escape' });
  expect(screen.queryByLabelText('New name for Platform')).toBeNull();
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rename Platform' })));
  expect(server.calls.some((c) => c.operationName.startsWith('Rename'))).toBe(false);
});

it('a refused deletion keeps the confirmation open with the reason', async () => {
  stubServer();
  await renderEditor();
  fireEvent.click(screen.getByRole('button', { name: 'Delete Databases' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Delete the sub-department Databases?' });
  expect(within(dialog).getByText('It still holds 3 people; empty it first, or the deletion is refused.')).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete sub-department' }));
  expect(await within(dialog).findByText('"Databases" still has 3 people. Move them to another sub-department first.')).toBeTruthy();
});
