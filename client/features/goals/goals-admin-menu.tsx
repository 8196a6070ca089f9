import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { showAlert } from '../../lib/alerts.js';
import { meQueryOptions } from '../users/api.js';
import { downloadGoalsCsv } from './goals-admin.api.js';
import { GoalsImportDialog } from './goals-import-dialog.js';
import { GoalsSettingsDialog } from './goals-settings-dialog.js';
import './goals-admin.css';

/** Admins: goal reminder settings, CSV import and export, on the my goals page's header. Renders nothing for others. */
export function GoalsAdminMenu() {
  const me = useQuery(meQueryOptions);
  const [dialog, setDialog] = useState<'settings' | 'import' | null>(null);
  const [exporting, setExporting] = useState(false);
  if (me.data?.permission_level !== 'ADMIN') return null;

  async function onExport() {
    setExporting(true);
    try {
      await downloadGoalsCsv();
      showAlert('The goals were exported.', 'success');
    } catch (err) {
      showAlert(err instanceof Error ? err.message : 'The export failed.', 'error');
    } finally {
      setExporting(false);
    }
  }

  return (
    <>
      <div className="goals-admin-menu" role="group" aria-label="Goal admin tools">
        <button type="button" className="button button-secondary" onClick={() => setDialog('settings')}>
          Reminder settings
        </button>
        <button type="button" className="button button-secondary" onClick={() => setDialog('import')}>
          Import goals
        </button>
        <button type="button" className="button button-secondary" disabled={exporting} aria-busy={exporting || undefined} onClick={() => void onExport()}>
          {exporting ? 'Exporting…' : 'Export goals'}
        </button>
      </div>
      <GoalsSettingsDialog open={dialog === 'settings'} onOpenChange={(o) => setDialog(o ? 'settings' : null)} />
      <GoalsImportDialog open={dialog === 'import'} onOpenChange={(o) => setDialog(o ? 'import' : null)} />
    </>
  );
}
