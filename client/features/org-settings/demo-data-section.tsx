import { useQuery } from '@tanstack/react-query';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import { useId, useState } from 'react';
import { showAlert } from '../../lib/alerts.js';
import { demoDataQueryOptions, useRemoveDemoData, type DemoDataCount } from './demo-data-api.js';
import './org-settings.css';
import './demo-data.css';

const sentence = (counts: readonly DemoDataCount[]) => {
  const parts = counts.map((c) => c.label);
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
};

/**
 * Moving from the demo to the real organization (docs/decisions/0036): while demo data is left, a
 * section says what it is and removes it behind a confirmation that names what goes and what stays.
 * Nothing shows once it is gone (or when the organization never had any).
 */
export function DemoDataSection({ organizationName }: { organizationName: string }) {
  const demo = useQuery(demoDataQueryOptions);
  const headingId = useId();
  const [open, setOpen] = useState(false);
  const remove = useRemoveDemoData();

  // A first check shows nothing until it answers; a check asked again after a failure keeps the section in place.
  if (demo.isPending && demo.errorUpdateCount === 0) return null;
  if (demo.isError || demo.isPending) {
    return (
      <section className="settings-section" aria-labelledby={headingId}>
        <h2 id={headingId}>Demo data</h2>
        {demo.isError ? <p role="alert">Could not check for demo data: {demo.error.message}</p> : <p role="status">Checking for demo data…</p>}
        <div>
          <button type="button" className="button button-secondary" disabled={demo.isFetching} onClick={() => void demo.refetch()}>
            Try again
          </button>
        </div>
      </section>
    );
  }
  if (!demo.data.present) return null;
  const counts = demo.data.counts;

  const onRemove = async () => {
    const removed = await remove.mutateAsync();
    showAlert(`The demo data was removed: ${sentence(removed.counts)}. ${organizationName} is ready for your people.`, 'success');
  };

  return (
    <section className="settings-section settings-danger" aria-labelledby={headingId}>
      <h2 id={headingId}>Demo data</h2>
      <p>
        The first start filled {organizationName} with sample data so you could see Teamlens at work: {sentence(counts)}. Remove it before you invite your own
        people.
      </p>
      <button type="button" className="button button-danger" onClick={() => setOpen(true)}>
        Remove the demo data…
      </button>
      {open && (
        <ConfirmDialog
          title="Remove the demo data?"
          className="demo-data-dialog"
          tone="danger"
          cancelLabel="Keep the demo data"
          confirmLabel="Remove the demo data"
          busyLabel="Removing…"
          onConfirm={onRemove}
          onClose={() => setOpen(false)}
          details={
            <div className="demo-data-lists">
              <div>
                <h3>Removed, for good</h3>
                <ul>
                  {counts.map((c) => (
                    <li key={c.table}>{c.label}</li>
                  ))}
                </ul>
                <p>With them go their answers, sessions and notifications.</p>
              </div>
              <div>
                <h3>Kept</h3>
                <ul>
                  <li>The organization {organizationName}, its name and picture</li>
                  <li>Your own admin account</li>
                  <li>Everything real people added: they keep their accounts, teams and review cycles (without the demo people in them)</li>
                </ul>
              </div>
              <p className="muted">
                This cannot be undone in Teamlens. To keep a copy first, run <code>npm run backup</code> on the server.
              </p>
            </div>
          }
        />
      )}
    </section>
  );
}
