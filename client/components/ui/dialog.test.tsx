// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, expect, it } from 'vitest';
import { AlertDialog, Dialog } from './dialog.js';

/** Dialogs opened from state (no radix Trigger) give focus back to their opener on close (docs/decisions/0060). */

afterEach(cleanup);

function Opened({ alert }: { alert: boolean }) {
  const [open, setOpen] = useState(false);
  const Kind = alert ? AlertDialog : Dialog;
  return (
    <main id="main" tabIndex={-1}>
      <button type="button" onClick={() => setOpen(true)}>
        Open it
      </button>
      <Kind.Root open={open} onOpenChange={setOpen}>
        <Kind.Portal>
          <Kind.Content aria-describedby={undefined}>
            <Kind.Title>The dialog</Kind.Title>
            {alert ? <AlertDialog.Cancel>Cancel</AlertDialog.Cancel> : <Dialog.Close>Close</Dialog.Close>}
          </Kind.Content>
        </Kind.Portal>
      </Kind.Root>
    </main>
  );
}

for (const alert of [false, true]) {
  it(`${alert ? 'an alert dialog' : 'a dialog'} closed with Escape focuses the button that opened it`, async () => {
    render(<Opened alert={alert} />);
    const opener = screen.getByRole('button', { name: 'Open it' });
    act(() => opener.focus());
    fireEvent.click(opener);
    const dialog = await screen.findByRole(alert ? 'alertdialog' : 'dialog');
    await waitFor(() => expect(document.activeElement).not.toBe(opener));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole(alert ? 'alertdialog' : 'dialog')).toBeNull());
    // Radix moves focus on close a tick after the dialog goes.
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
}
