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

const nameSection = () => screen.getByRole('region', { name: 'Organization name' });

it('renames the organization, disabling the button while it saves, and confirms it', async () => {
  const state = { org: organization() };
  let release: (answer: OrganizationAnswer) => void = () => undefined;
  const calls = stubServer(state, {
    UpdateOrganization: (variables) => new Promise<OrganizationAnswer>((resolve) => (release = () => resolve(applyOrganizationPatch(state)(variables)))),
  });
  await renderSignedIn('/admin/settings/account');
  const input = (await screen.findByLabelText('Name')) as HTMLInputElement;
  expect(input.value).toBe('Acme Robotics');

  fireEvent.change(input, { target: { value: '  Acme Robotics GmbH ' } });
  fireEvent.click(within(nameSection()).getByRole('button', { name: 'Save the name' }));
  const saving = await within(nameSection()).findByRole('button', { name: 'Saving…' });
  expect((saving as HTMLButtonElement).disabled).toBe(true);
  release({});

  expect((await screen.findByRole('status')).textContent).toContain('The organization name was saved.');
  expect(calls.find((c) => c.operationName === 'UpdateOrganization')?.variables.input).toEqual({ name: 'Acme Robotics GmbH' });
  expect(((await screen.findByLabelText('Name')) as HTMLInputElement).value).toBe('Acme Robotics GmbH');
});

it('refuses an empty name with the shared message, and shows the server refusal next to the field', async () => {
  const state = { org: organization() };
  const calls = stubServer(state, { UpdateOrganization: () => refusal('name: Too long.', 'BAD_USER_INPUT', { name: 'The server says no.' }) });
  await renderSignedIn('/admin/settings/account');
  const input = await screen.findByLabelText('Name');
  fireEvent.change(input, { target: { value: ' ' } });
  fireEvent.click(within(nameSection()).getByRole('button', { name: 'Save the name' }));
  await within(nameSection()).findByText('Enter the organization name.');
  expect(calls.some((c) => c.operationName === 'UpdateOrganization')).toBe(false);

  fireEvent.change(input, { target: { value: 'Acme 2' } });
  fireEvent.click(within(nameSection()).getByRole('button', { name: 'Save the name' }));
  await within(nameSection()).findByText('The server says no.');
  expect(input.getAttribute('aria-invalid')).toBe('true');
  expect((input as HTMLInputElement).value).toBe('Acme 2');
});

it("uploads a picture, uses it for the organization, and shows the server's refusal of a file that is not an image", async () => {
  const state = { org: organization() };
  let uploads = 0;
  const usePicture = (variables: Record<string, unknown>): OrganizationAnswer => {
    const id = (variables.input as { profile_picture_id: string }).profile_picture_id;
    state.org = { ...state.org, profile_picture: { id, display_name: 'logo.png', url: `/api/media/org-1/${id}` } };
    return { data: { updateOrganization: state.org } };
  };
  const calls = stubServer(state, { UpdateOrganization: usePicture }, (body) => {
    uploads++;
    const file = body.get('file') as File;
    if (file.type !== 'image/png')
      return new Response(JSON.stringify({ error: 'BAD_USER_INPUT', message: 'Upload a JPEG, PNG, WebP, GIF or AVIF image.' }), { status: 400 });
    return new Response(JSON.stringify({ id: 'media-1', display_name: file.name, key: 'k', url: '/api/media/org-1/media-1' }), { status: 201 });
  });
  await renderSignedIn('/admin/settings/account');
  const picture = await screen.findByRole('region', { name: 'Organization picture' });
  expect(within(picture).getByRole('img', { name: 'No picture yet' })).toBeTruthy();
  const fileInput = within(picture).getByLabelText('Picture');
  expect(fileInput.getAttribute('accept')).toContain('image/png');

  fireEvent.click(within(picture).getByRole('button', { name: 'Upload the picture' }));
  await within(picture).findByText('Choose a picture to upload.');
  expect(uploads).toBe(0);

  fireEvent.change(fileInput, { target: { files: [new File(['%PDF-1.4'], 'notes.pdf', { type: 'application/pdf' })] } });
  fireEvent.click(within(picture).getByRole('button', { name: 'Upload the picture' }));
  await within(picture).findByText('Upload a JPEG, PNG, WebP, GIF or AVIF image.');
  expect(calls.some((c) => c.operationName === 'UpdateOrganization')).toBe(false);

  fireEvent.change(fileInput, { target: { files: [new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' })] } });
  fireEvent.click(within(picture).getByRole('button', { name: 'Upload the picture' }));
  expect((await screen.findByRole('status')).textContent).toContain('The organization picture was saved.');
  expect(calls.find((c) => c.operationName === 'UpdateOrganization')?.variables.input).toEqual({ profile_picture_id: 'media-1' });
  expect(await within(picture).findByRole('img', { name: 'Picture of Acme Robotics' })).toBeTruthy();
});

it('closes the account only after the name is typed, and shows a wrong password next to the password field', async () => {
  const state = { org: organization() };
  const calls = stubServer(state, { CloseAccount: () => refusal('The current password is not correct.', 'FORBIDDEN') });
  await renderSignedIn('/admin/settings/account');
  fireEvent.click(await screen.findByRole('button', { name: 'Close the account…' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Close Acme Robotics?' });
  const confirm = within(dialog).getByRole('button', { name: 'Close the account' }) as HTMLButtonElement;
  expect(confirm.disabled).toBe(true);

  fireEvent.change(within(dialog).getByLabelText('Organization name'), { target: { value: 'Acme' } });
  expect(confirm.disabled).toBe(true);
  fireEvent.change(within(dialog).getByLabelText('Organization name'), { target: { value: 'Acme Robotics' } });
  expect(confirm.disabled).toBe(false);

  fireEvent.click(confirm);
  await within(dialog).findByText('Enter your password.');
  expect(calls.some((c) => c.operationName === 'CloseAccount')).toBe(false);

  fireEvent.change(within(dialog).getByLabelText('Your password'), { target: { value: 'wrong password' } });
  fireEvent.click(confirm);
  await within(dialog).findByText('The current password is not correct.');
  expect(calls.find((c) => c.operationName === 'CloseAccount')?.variables).toEqual({ password: 'wrong password' });
  expect(within(dialog).getByLabelText('Your password').getAttribute('aria-invalid')).toBe('true');

  fireEvent.click(within(dialog).getByRole('button', { name: 'Keep the account' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
});

it('after closing, the admin is sent to /logout and signed out', async () => {
  const state = { org: organization() };
  stubServer(state, { CloseAccount: () => ({ data: { closeAccount: true } }) });
  const { router } = await renderSignedIn('/admin/settings/account');
  fireEvent.click(await screen.findByRole('button', { name: 'Close the account…' }));
  const dialog = await screen.findByRole('alertdialog');
  fireEvent.change(within(dialog).getByLabelText('Organization name'), { target: { value: 'Acme Robotics' } });
  fireEvent.change(within(dialog).getByLabelText('Your password'), { target: { value: 'right password' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Close the account' }));
  await screen.findByRole('heading', { name: 'You are signed out' });
  expect(router.state.location.pathname).toBe('/logout');
  expect(localStorage.getItem('loggedOut')).toBe('true');
  expect(screen.getByTestId('global-alert').textContent).toContain('Acme Robotics was closed.');
});
