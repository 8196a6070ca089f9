// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, expect, it } from 'vitest';
import { ConfirmDialog } from './confirm-dialog.js';

/** The one question before an action (docs/decisions/0075): a refusal is said in the dialog, which stays open; success closes it. */

afterEach(cleanup);

function Asking({ onConfirm }: { onConfirm: () => Promise<void> }) {
  const [open, setOpen] = useState(false);
  return (
    <main id="main" tabIndex={-1}>
      <button type="button" onClick={() => setOpen(true)}>
        Archive Sailboat
      </button>
      {open && (
        <ConfirmDialog
          title="Archive Sailboat?"
          description="It will no longer be offered for new retros."
          confirmLabel="Archive template"
          busyLabel="Archiving…"
          onConfirm={onConfirm}
          onClose={() => setOpen(false)}
        />
      )}
    </main>
  );
}

it('says the refusal inside the dialog and keeps it open; once the action goes through, it closes and focus returns to the opener', async () => {
  let answer: { resolve: () => void; reject: (err: Error) => void } | null = null;
  const pending = () =>
    new Promise<void>((resolve, reject) => {
      answer = { resolve, reject };
    });
  render(<Asking onConfirm={pending} />);
  const opener = screen.getByRole('button', { name: 'Archive Sailboat' });
  act(() => opener.focus());
  fireEvent.click(opener);
  const dialog = await screen.findByRole('alertdialog', { name: 'Archive Sailboat?' });
  expect(dialog.textContent).toContain('It will no longer be offered for new retros.');

  fireEvent.click(screen.getByRole('button', { name: 'Archive template' }));
  const busy = await screen.findByRole('button', { name: 'Archiving…' });
  expect((busy as HTMLButtonElement).disabled).toBe(true);
  await act(async () => answer!.reject(new Error('Only the person who created this template can change it.')));
  expect((await screen.findByRole('alert')).textContent).toBe('Only the person who created this template can change it.');
  expect(screen.getByRole('alertdialog')).toBeTruthy();

  fireEvent.click(screen.getByRole('button', { name: 'Archive template' }));
  await screen.findByRole('button', { name: 'Archiving…' });
  expect(screen.queryByRole('alert')).toBeNull();
  await act(async () => answer!.resolve());
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  await waitFor(() => expect(document.activeElement).toBe(opener));
});
