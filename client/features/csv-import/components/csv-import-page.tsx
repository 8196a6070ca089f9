import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { FormError } from '../../../components/ui/field.js';
import { PendingView } from '../../../components/ui/states.js';
import { autoMapColumns, isMappingUsable, mappingProblems, type ColumnMapping } from '../csv-import.mapping.js';
import { parseCsvText, readCsvFile, type ParsedCsv } from '../csv-import.parse.js';
import { useImportRun, useServerPreview, type ImportRequest } from '../csv-import.run.js';
import '../csv-import.css';
import { CsvImportDropzone } from './csv-import-dropzone.js';
import { CsvImportMapping } from './csv-import-mapping.js';
import { CsvImportOptions } from './csv-import-options.js';
import { CsvImportPlan } from './csv-import-plan.js';
import { CsvImportPreview } from './csv-import-preview.js';
import { CsvImportProgress } from './csv-import-progress.js';
import { CsvImportRecent } from './csv-import-recent.js';
import { CsvImportResult } from './csv-import-result.js';
import { CsvImportTemplateButton } from './csv-import-template-button.js';
import { formatNumber } from '../../../../shared/format.js';

type FileState =
  { kind: 'none' } | { kind: 'reading'; fileName: string } | { kind: 'error'; fileName: string; message: string } | { kind: 'ready'; csv: ParsedCsv };

const people = (n: number) => `${formatNumber(n)} ${n === 1 ? 'person' : 'people'}`;

/**
 * Admin: import people from a CSV file (the template, or an HR or directory export as it comes).
 * The preview is the server's dry run of the mapped file, so what it counts is what gets created.
 */
export function CsvImportPage() {
  const [file, setFile] = useState<FileState>({ kind: 'none' });
  const [mapping, setMapping] = useState<ColumnMapping>([]);
  const [createTeams, setCreateTeams] = useState(true);
  const [promoteManagers, setPromoteManagers] = useState(true);
  const run = useImportRun();
  const csv = file.kind === 'ready' ? file.csv : null;
  const problems = useMemo(() => mappingProblems(mapping), [mapping]);
  const usable = csv !== null && isMappingUsable(problems);
  // A new object only when the file, the mapping or the team option changes: each one is one dry run.
  const previewRequest = useMemo<ImportRequest | null>(
    () => (csv && usable ? { csv, mapping, options: { dryRun: true, createTeams, promoteManagers: true } } : null),
    [csv, mapping, usable, createTeams],
  );
  const { preview, retry } = useServerPreview(run.mutation.data ? null : previewRequest);
  const checked = preview.status === 'done' ? preview.result : null;
  const running = run.mutation.isPending;
  const result = run.mutation.data;

  useEffect(() => {
    if (result) document.getElementById('csv-result-title')?.focus();
  }, [result]);

  async function chooseFile(chosen: File) {
    run.reset();
    setFile({ kind: 'reading', fileName: chosen.name });
    const read = await readCsvFile(chosen);
    const parsed = read.ok ? parseCsvText(chosen.name, read.text) : read;
    if (!parsed.ok) {
      setFile({ kind: 'error', fileName: chosen.name, message: parsed.message });
      return;
    }
    setMapping(autoMapColumns(parsed.csv.headers));
    setFile({ kind: 'ready', csv: parsed.csv });
  }

  function startImport() {
    if (csv && usable && checked) run.mutation.mutate({ csv, mapping, options: { dryRun: false, createTeams, promoteManagers } });
  }

  return (
    <div className="page csv-import">
      <div className="row-between">
        <div>
          <Link to="/admin/settings/users">Back to users</Link>
          <h1>Import users from a CSV file</h1>
          <p className="muted">
            One row per person: our template, or an export of your HR system or directory as it comes. The server checks every row before anything is saved.
          </p>
        </div>
        <CsvImportTemplateButton />
      </div>

      <section className="csv-step" aria-labelledby="csv-step-file">
        <h2 id="csv-step-file">1. Choose the file</h2>
        <CsvImportDropzone
          onFile={(f) => void chooseFile(f)}
          disabled={running || file.kind === 'reading'}
          fileName={file.kind === 'none' ? null : file.kind === 'ready' ? file.csv.fileName : file.fileName}
        />
        {file.kind === 'reading' && <PendingView label="Reading the file…" />}
        {file.kind === 'error' && (
          <p role="alert" className="form-error">
            {file.message}
          </p>
        )}
      </section>

      {csv && (
        <section className="csv-step" aria-labelledby="csv-step-columns">
          <h2 id="csv-step-columns">2. Match the columns</h2>
          <CsvImportMapping
            csv={csv}
            mapping={mapping}
            problems={problems}
            onChange={(next) => {
              run.reset();
              setMapping(next);
            }}
            disabled={running || !!result}
          />
        </section>
      )}

      {usable && !result && (
        <section className="csv-step" aria-labelledby="csv-step-check">
          <h2 id="csv-step-check">3. Check the rows</h2>
          <CsvImportOptions createTeams={createTeams} onChange={setCreateTeams} disabled={running} />
          <CsvImportPreview preview={preview} total={csv.records.length} onRetry={retry} />
          {checked && <CsvImportPlan result={checked} promoteManagers={promoteManagers} onPromoteManagers={setPromoteManagers} disabled={running} />}
        </section>
      )}

      {usable && (checked || result) && (
        <section className="csv-step" aria-labelledby="csv-step-import">
          <h2 id="csv-step-import">4. Import</h2>
          {checked && !result && checked.count === 0 && <p className="form-error">No row can be imported; fix the file and choose it again.</p>}
          {checked && !result && checked.seat_limit && (
            <p className="form-error" role="alert">
              {checked.seat_limit}
            </p>
          )}
          {checked && !result && (
            <div>
              <button
                type="button"
                className="button"
                disabled={running || checked.count === 0 || !!checked.seat_limit}
                aria-busy={running || undefined}
                onClick={startImport}
              >
                {running ? 'Importing…' : `Import ${people(checked.count)}`}
              </button>
            </div>
          )}
          <FormError message={run.mutation.error?.message} />
          {run.progress && <CsvImportProgress progress={run.progress} label="Import progress" />}
        </section>
      )}

      {result && <CsvImportResult key={result.batch_id} result={result} />}

      <CsvImportRecent />
    </div>
  );
}
