import { AlertDialog as RadixAlertDialog, Dialog as RadixDialog } from 'radix-ui';
import { useState, type ComponentProps } from 'react';

/**
 * The app's dialogs: radix-ui's Dialog and AlertDialog with one change (docs/decisions/0060). When a
 * dialog closes (Escape, a close button, a saved form), focus goes back to the control that opened
 * it. Radix does that only for a Dialog.Trigger; most dialogs here are opened from state (a button's
 * onClick, a menu item), and radix then leaves focus on the page body. The content remembers the
 * element that had focus when it appeared (the opener) and focuses it again on close; if the opener
 * is gone (the row it was in was deleted), the page's main region takes focus instead.
 *
 * Import Dialog and AlertDialog from here, never from radix-ui (eslint.config.js says so).
 */

type CloseAutoFocus = ((event: Event) => void) | undefined;

function useReturnFocus(onCloseAutoFocus: CloseAutoFocus): (event: Event) => void {
  // Read while the content first renders: radix moves focus into the dialog only in an effect after it.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : document.activeElement));
  return (event: Event) => {
    onCloseAutoFocus?.(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    const target = opener instanceof HTMLElement && opener !== document.body && opener.isConnected ? opener : document.getElementById('main');
    target?.focus();
  };
}

function DialogContent({ onCloseAutoFocus, ...props }: ComponentProps<typeof RadixDialog.Content>) {
  return <RadixDialog.Content {...props} onCloseAutoFocus={useReturnFocus(onCloseAutoFocus)} />;
}

function AlertDialogContent({ onCloseAutoFocus, ...props }: ComponentProps<typeof RadixAlertDialog.Content>) {
  return <RadixAlertDialog.Content {...props} onCloseAutoFocus={useReturnFocus(onCloseAutoFocus)} />;
}

export const Dialog: typeof RadixDialog = { ...RadixDialog, Content: DialogContent as typeof RadixDialog.Content };
export const AlertDialog: typeof RadixAlertDialog = { ...RadixAlertDialog, Content: AlertDialogContent as typeof RadixAlertDialog.Content };
