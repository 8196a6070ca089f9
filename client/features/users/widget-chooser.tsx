import { Dialog } from '../../components/ui/dialog.js';
import { useState, type FormEvent } from 'react';
import { WIDGET_TYPES, type WidgetType } from '../../../shared/enums.js';
import { showAlert } from '../../lib/alerts.js';
import { useUpdateWidgetPreferences } from './api.js';

/** Lets a person pick which dashboard widgets they see (userWidgetPreferences). */
export function WidgetChooser({ enabled, titles }: { enabled: readonly WidgetType[]; titles: Record<WidgetType, string> }) {
  const [open, setOpen] = useState(false);
  const update = useUpdateWidgetPreferences();
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The boxes come from WIDGET_TYPES, so the choice is valid by construction; the server checks it
    // with shared/user.schemas.ts widgetPreferencesSchema.
    const chosen = new FormData(event.currentTarget).getAll('widget').map(String) as WidgetType[];
    setError(null);
    update.mutate(chosen, {
      onSuccess: () => {
        setOpen(false);
        showAlert('Your dashboard widgets were saved.', 'success');
      },
      onError: (err) => setError(err.message),
    });
  }

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button" className="button button-secondary button-small">
          Choose widgets
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>Choose your widgets</Dialog.Title>
          <Dialog.Description>The dashboard shows the widgets you tick, in this order.</Dialog.Description>
          <form onSubmit={submit} className="form">
            <fieldset className="checkbox-list">
              <legend className="sr-only">Widgets</legend>
              {WIDGET_TYPES.map((type) => (
                <label key={type} className="checkbox">
                  <input type="checkbox" name="widget" value={type} defaultChecked={enabled.includes(type)} />
                  {titles[type]}
                </label>
              ))}
            </fieldset>
            {error && (
              <p role="alert" className="form-error">
                {error}
              </p>
            )}
            <div className="dialog-actions">
              <Dialog.Close className="button button-ghost" type="button">
                Cancel
              </Dialog.Close>
              <button type="submit" className="button" disabled={update.isPending}>
                {update.isPending ? 'Saving…' : 'Save'}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
