// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { closeAlert } from '../../lib/alerts.js';
import { refusal } from '../../test/graphql-stub.js';
import { cleanUpBetweenTests, renderSignedIn } from '../../test/render-route.js';
import { applyOrganizationPatch, organization, stubServer, type OrganizationAnswer } from './org-settings.test-support.js';

cleanUpBetweenTests();
// Runs before the shared clean-up (after-hooks run last-registered first).
afterEach(() => act(() => closeAlert()));

const section = (name: string) => screen.getByRole('region', { name });

async function addDomain(region: HTMLElement, label: string, value: string) {
  fireEvent.change(within(region).getByLabelText(label), { target: { value } });
  fireEvent.click(within(region).getByRole('button', { name: 'Add' }));
}

it('adds a domain as the shared schema normalises it, lists it and confirms it', async () => {
  const state = { org: organization() };
  const calls = stubServer(state, { UpdateOrganization: applyOrganizationPatch(state) });
  await renderSignedIn('/admin/settings/configurations');
  await screen.findByRole('heading', { name: 'Configurations', level: 1 });
  const blocked = section('Blocked domains');
  expect(within(blocked).getByRole('list', { name: 'Blocked domains' }).textContent).toContain('contractors.example');
  expect(within(section('Allowed domains')).getByText('No allowed domains: only the built-in lists apply.')).toBeTruthy();

  await addDomain(blocked, 'Add a blocked domain', '  @Agency.Example ');
  await within(blocked).findByText('agency.example');
  expect(calls.filter((c) => c.operationName === 'UpdateOrganization').map((c) => c.variables.input)).toEqual([
    { blocked_email_domains: ['contractors.example', 'agency.example'] },
  ]);
  expect((await screen.findByRole('status')).textContent).toContain('agency.example was added to the blocked domains.');
  expect((within(blocked).getByLabelText('Add a blocked domain') as HTMLInputElement).value).toBe('');
});

it('refuses what is not a domain, or already listed, next to the field without asking the server', async () => {
  const state = { org: organization() };
  const calls = stubServer(state, { UpdateOrganization: applyOrganizationPatch(state) });
  await renderSignedIn('/admin/settings/configurations');
  const allowed = await screen.findByRole('region', { name: 'Allowed domains' });

  await addDomain(allowed, 'Add an allowed domain', 'not a domain');
  const input = within(allowed).getByLabelText('Add an allowed domain');
  await within(allowed).findByText('Enter domains like example.com.');
  expect(input.getAttribute('aria-invalid')).toBe('true');
  expect(document.getElementById(input.getAttribute('aria-describedby')!.split(' ').pop()!)?.textContent).toBe('Enter domains like example.com.');

  const blocked = section('Blocked domains');
  await addDomain(blocked, 'Add a blocked domain', 'Contractors.example');
  await within(blocked).findByText('contractors.example is already in the list.');
  expect(calls.some((c) => c.operationName === 'UpdateOrganization')).toBe(false);
});

it("shows the server's CONFLICT next to the field, keeps what was typed, and disables Add while sending", async () => {
  const state = { org: organization({ allowed_email_domains: ['partner.example'] }) };
  let release: (answer: OrganizationAnswer) => void = () => undefined;
  stubServer(state, { UpdateOrganization: () => new Promise<OrganizationAnswer>((resolve) => (release = resolve)) });
  await renderSignedIn('/admin/settings/configurations');
  const blocked = await screen.findByRole('region', { name: 'Blocked domains' });

  await addDomain(blocked, 'Add a blocked domain', 'eu.partner.example');
  const sending = await within(blocked).findByRole('button', { name: 'Adding…' });
  expect((sending as HTMLButtonElement).disabled).toBe(true);
  release(refusal('eu.partner.example cannot be blocked while partner.example is allowed.', 'CONFLICT'));

  await within(blocked).findByText('eu.partner.example cannot be blocked while partner.example is allowed.');
  expect((within(blocked).getByLabelText('Add a blocked domain') as HTMLInputElement).value).toBe('eu.partner.example');
  expect((within(blocked).getByRole('button', { name: 'Add' }) as HTMLButtonElement).disabled).toBe(false);
  expect(within(blocked).queryByText('eu.partner.example', { selector: '.domain-name' })).toBeNull();
});

it("maps the server's field message for a list entry to the typed domain", async () => {
  const state = { org: organization() };
  stubServer(state, {
    UpdateOrganization: () =>
      refusal('blocked_email_domains.1: Enter domains like example.com.', 'BAD_USER_INPUT', { 'blocked_email_domains.1': 'Enter domains like example.com.' }),
  });
  await renderSignedIn('/admin/settings/configurations');
  const blocked = await screen.findByRole('region', { name: 'Blocked domains' });
  await addDomain(blocked, 'Add a blocked domain', 'valid.example');
  await within(blocked).findByText('Enter domains like example.com.');
});

it('removes a domain and saves the rest of the list', async () => {
  const state = { org: organization({ blocked_email_domains: ['contractors.example', 'agency.example'] }) };
  const calls = stubServer(state, { UpdateOrganization: applyOrganizationPatch(state) });
  await renderSignedIn('/admin/settings/configurations');
  const blocked = await screen.findByRole('region', { name: 'Blocked domains' });
  fireEvent.click(within(blocked).getByRole('button', { name: 'Remove contractors.example' }));
  await waitFor(() => expect(within(blocked).queryByText('contractors.example')).toBeNull());
  expect(within(blocked).getByText('agency.example')).toBeTruthy();
  expect(calls.find((c) => c.operationName === 'UpdateOrganization')?.variables.input).toEqual({ blocked_email_domains: ['agency.example'] });
});
