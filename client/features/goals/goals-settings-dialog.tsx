import { useQuery } from '@tanstack/react-query';
import { Dialog } from '../../components/ui/dialog.js';
import { useId, useState, type FormEvent } from 'react';
import { CHECK_IN_CADENCE_LABELS, CHECK_IN_CADENCES, GOAL_LIMITS, goalSettingsSchema, type CheckInCadence, type GoalSettings } from '../../../shared/goals.js';
import { FormError, SubmitButton } from '../../components/ui/field.js';
import { PendingView } from '../../components/ui/states.js';
import { goalSettingsQueryOptions, useUpdateGoalSettings } from './goals-admin.api.js';
import './goals-admin.css';

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** Admins: how often people are reminded to check in, on which day, and how long before a due date. */
export function GoalsSettingsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  if (!open) return null;
  return (
    <Dialog.Root open onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog goals-admin-dialog">
          <Dialog.Title>Goal reminder settings</Dialog.Title>
          <Dialog.Description className="muted">
            Reminders go out from 9:00 in your organization’s time zone, to people whose open goals have had no check-in since the last reminder.
          </Dialog.Description>
          <SettingsBody onClose={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function SettingsBody({ onClose }: { onClose: () => void }) {
  const settings = useQuery(goalSettingsQueryOptions);
  if (settings.isPending) return <PendingView label="Loading the settings…" />;
  if (settings.isError) {
    return (
      <div role="alert">
        <p>The settings could not be loaded: {settings.error.message}</p>
        <button type="button" className="button" onClick={() => void settings.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return <SettingsForm initial={settings.data} onClose={onClose} />;
}

function SettingsForm({ initial, onClose }: { initial: GoalSettings; onClose: () => void }) {
  const id = useId();
  const save = useUpdateGoalSettings();
  const [cadence, setCadence] = useState<CheckInCadence>(initial.check_in_cadence);
  const [weekday, setWeekday] = useState(initial.check_in_weekday);
  const [days, setDays] = useState(String(initial.due_reminder_days));
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  async function onSubmit(ev: FormEvent) {
    ev.preventDefault();
    setError(null);
    setSaved(false);
    const parsed = goalSettingsSchema.safeParse({
      check_in_cadence: cadence,
      check_in_weekday: weekday,
      due_reminder_days: days.trim() === '' ? Number.NaN : Number(days),
    });
    if (!parsed.success) {
      setError(
        parsed.error.issues[0]?.path[0] === 'due_reminder_days'
          ? `Days before the due date: a whole number from 0 to ${GOAL_LIMITS.dueReminderDaysMax}.`
          : (parsed.error.issues[0]?.message ?? 'Check the settings.'),
      );
      return;
    }
    try {
      await save.mutateAsync(parsed.data);
      setSaved(true);
    } catch (err) {
      setError(`The settings were not saved: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  return (
    <form className="form" aria-label="Goal reminder settings" onSubmit={(ev) => void onSubmit(ev)} noValidate>
      <div className="field">
        <label htmlFor={`${id}-cadence`}>Check-in reminders</label>
        <select
          id={`${id}-cadence`}
          value={cadence}
          onChange={(ev) => {
            setCadence(ev.target.value as CheckInCadence);
            setSaved(false);
          }}
        >
          {CHECK_IN_CADENCES.map((c) => (
            <option key={c} value={c}>
              {CHECK_IN_CADENCE_LABELS[c]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-weekday`}>Reminder day</label>
        <select
          id={`${id}-weekday`}
          value={weekday}
          disabled={cadence === 'OFF'}
          aria-describedby={`${id}-weekday-hint`}
          onChange={(ev) => {
            setWeekday(Number(ev.target.value));
            setSaved(false);
          }}
        >
          {WEEKDAYS.map((name, i) => (
            <option key={name} value={i + 1}>
              {name}
            </option>
          ))}
        </select>
        <p id={`${id}-weekday-hint`} className="field-hint muted">
          {cadence === 'MONTHLY'
            ? `The first ${WEEKDAYS[weekday - 1]} of each month.`
            : cadence === 'BIWEEKLY'
              ? `Every other ${WEEKDAYS[weekday - 1]}.`
              : cadence === 'OFF'
                ? 'No check-in reminders.'
                : `Every ${WEEKDAYS[weekday - 1]}.`}
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-days`}>Days before the due date</label>
        <input
          id={`${id}-days`}
          type="number"
          inputMode="numeric"
          min={0}
          max={GOAL_LIMITS.dueReminderDaysMax}
          step={1}
          value={days}
          aria-describedby={`${id}-days-hint`}
          onChange={(ev) => {
            setDays(ev.target.value);
            setSaved(false);
          }}
        />
        <p id={`${id}-days-hint`} className="field-hint muted">
          The owner of an open goal is reminded this many days before it is due; 0 sends no due-date reminder.
        </p>
      </div>
      <FormError message={error} />
      <p role="status" className="goals-admin-status">
        {saved ? 'The reminder settings were saved.' : ''}
      </p>
      <div className="dialog-actions">
        <button type="button" className="button button-ghost" onClick={onClose} disabled={save.isPending}>
          {saved ? 'Close' : 'Cancel'}
        </button>
        <SubmitButton sending={save.isPending} sendingText="Saving…">
          Save settings
        </SubmitButton>
      </div>
    </form>
  );
}
