import { Dialog } from '../../components/ui/dialog.js';
import { useId, useState, type ChangeEvent } from 'react';
import { GOAL_CSV_COLUMNS } from '../../../shared/goals.js';
import { FormError } from '../../components/ui/field.js';
import { GOAL_IMPORT_FILE_MAX_BYTES, useImportGoals, usePreviewGoalImport, type GoalImportPreview, type GoalImportResult } from './goals-admin.api.js';
import './goals-admin.css';
import { formatNumber } from '../../../shared/format.js';

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/**
 * Admins: import goals and key results from a CSV file (GOAL_CSV_COLUMNS). Choosing a file previews
 * it (what it would create, a sample, every row's errors); Import stays disabled until the file has
 * no error, and then creates everything or nothing.
 */
export function GoalsImportDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  if (!open) return null;
  return <ImportDialog onOpenChange={onOpenChange} />;
}

function ImportDialog({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const preview = usePreviewGoalImport();
  const importing = useImportGoals();
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const [report, setReport] = useState<GoalImportPreview | null>(null);
  const [result, setResult] = useState<GoalImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = preview.isPending || importing.isPending;

  async function onFile(ev: ChangeEvent<HTMLInputElement>) {
    const chosen = ev.target.files?.[0];
    // Choosing the same file again (after fixing it) must check it again.
    ev.target.value = '';
    setReport(null);
    setResult(null);
    setError(null);
    setFile(null);
    if (!chosen) return;
    if (chosen.size > GOAL_IMPORT_FILE_MAX_BYTES) {
      setError(`The file is larger than ${Math.round(GOAL_IMPORT_FILE_MAX_BYTES / 1_000)} kB; split it into several files.`);
      return;
    }
    try {
      const csv = await chosen.text();
      setFile({ name: chosen.name, csv });
      setReport(await preview.mutateAsync(csv));
    } catch (err) {
      setError(`The file could not be checked: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  async function onImport() {
    if (!file) return;
    setError(null);
    try {
      setResult(await importing.mutateAsync(file.csv));
    } catch (err) {
      setError(`Nothing was imported: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  const canImport = !!file && !!report && report.errors.length === 0 && report.goals > 0 && !result && !busy;
  return (
    <Dialog.Root open onOpenChange={(o) => !importing.isPending && onOpenChange(o)}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog goals-admin-dialog goals-import-dialog" aria-busy={busy || undefined}>
          <Dialog.Title>Import goals</Dialog.Title>
          <Dialog.Description className="muted">
            A CSV file with one row per key result. A goal’s rows share its <code>goal_ref</code>; <code>parent_ref</code> aligns it under another goal_ref of
            the file or an existing goal’s id. Nothing is created until the whole file is free of errors.
          </Dialog.Description>
          <details className="goals-import-columns">
            <summary>Columns</summary>
            <p>
              {GOAL_CSV_COLUMNS.join(', ')}. Required: title and owner_kind (PERSON with owner_email, TEAM with owner_team, or COMPANY). An export is a valid
              file.
            </p>
          </details>
          <div className="field">
            <label htmlFor={`${id}-file`}>CSV file</label>
            <input
              id={`${id}-file`}
              type="file"
              accept=".csv,text/csv"
              disabled={busy}
              aria-describedby={`${id}-file-name`}
              onChange={(ev) => void onFile(ev)}
            />
            <p id={`${id}-file-name`} className="field-hint">
              {file ? `Chosen: ${file.name}` : 'No file chosen yet.'}
            </p>
          </div>
          <div aria-live="polite" className="goals-import-live">
            {preview.isPending && <p role="status">Checking {file?.name ?? 'the file'}…</p>}
            {importing.isPending && <p role="status">Importing… this may take a moment.</p>}
            {result && (
              <p role="status" className="goals-import-done">
                Imported {plural(result.goals, 'goal', 'goals')} with {plural(result.key_results, 'key result', 'key results')}.
              </p>
            )}
            {report && !result && !preview.isPending && <PreviewSummary report={report} />}
          </div>
          <FormError message={error} />
          {report && !result && report.errors.length > 0 && <ErrorsTable report={report} />}
          {report && !result && report.sample.length > 0 && <SampleTable report={report} />}
          <div className="dialog-actions">
            <Dialog.Close className="button button-ghost" type="button" disabled={importing.isPending}>
              {result ? 'Close' : 'Cancel'}
            </Dialog.Close>
            <button type="button" className="button" disabled={!canImport} aria-busy={importing.isPending || undefined} onClick={() => void onImport()}>
              {importing.isPending
                ? 'Importing…'
                : report && report.goals > 0 && report.errors.length === 0
                  ? `Import ${plural(report.goals, 'goal', 'goals')}`
                  : 'Import'}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function PreviewSummary({ report }: { report: GoalImportPreview }) {
  if (report.errors.length) {
    return (
      <p className="goals-import-summary goals-import-summary-bad">
        {plural(report.errors.length, 'problem', 'problems')} to fix before anything can be imported. Correct the file and choose it again.
      </p>
    );
  }
  if (report.goals === 0) return <p className="goals-import-summary">The file has no goals.</p>;
  return (
    <p className="goals-import-summary">
      Ready: {plural(report.goals, 'goal', 'goals')} with {plural(report.key_results, 'key result', 'key results')} will be created.
    </p>
  );
}

function ErrorsTable({ report }: { report: GoalImportPreview }) {
  return (
    <div className="goals-import-table-wrap">
      <table className="goals-import-table">
        <caption>Errors</caption>
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Column</th>
            <th scope="col">Problem</th>
          </tr>
        </thead>
        <tbody>
          {report.errors.map((e, i) => (
            <tr key={`${e.line}-${e.column ?? ''}-${i}`}>
              <td data-label="Line">{e.line}</td>
              <td data-label="Column">{e.column ?? '—'}</td>
              <td data-label="Problem">{e.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SampleTable({ report }: { report: GoalImportPreview }) {
  return (
    <div className="goals-import-table-wrap">
      <table className="goals-import-table">
        <caption>{report.sample.length < report.goals ? `The first ${report.sample.length} goals` : 'Goals in the file'}</caption>
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Goal</th>
            <th scope="col">Owner</th>
            <th scope="col">Aligned under</th>
            <th scope="col">Due</th>
            <th scope="col">Key results</th>
          </tr>
        </thead>
        <tbody>
          {report.sample.map((s) => (
            <tr key={s.line}>
              <td data-label="Line">{s.line}</td>
              <td data-label="Goal">{s.title}</td>
              <td data-label="Owner">{s.owner}</td>
              <td data-label="Aligned under">{s.parent ?? '—'}</td>
              <td data-label="Due">{s.due_date ?? '—'}</td>
              <td data-label="Key results">{s.key_results}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
