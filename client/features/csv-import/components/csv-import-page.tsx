import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { FormError } from '../../../components/ui/field.js';
import { PendingView } from '../../../components/ui/states.js';
import { autoMapColumns, isMappingUsable, mappingProblems, type ColumnMapping } from '../csv-import.mapping.js';
import { parseCsvText, readCsvFile, type ParsedCsv } from '../csv-import.parse.js';
import { useImportRun } from '../csv-import.run.js';
import { previewRowsInChunks, type CsvPreview } from '../csv-import.validate.js';
import '../csv-import.css';
import { CsvImportDropzone } from './csv-import-dropzone.js';
import { CsvImportMapping } from './csv-import-mapping.js';
import { CsvImportOptions } from './csv-import-options.js';
import { CsvImportPreview } from './csv-import-preview.js';
import { CsvImportProgress } from './csv-import-progress.js';
import { CsvImportRecent } from './csv-import-recent.js';
import { CsvImportResult } from './csv-import-result.js';
import { CsvImportTemplateButton } from './csv-import-template-button.js';

type FileState =
  | { kind: 'none' }
  | { kind: 'reading'; fileName: string }
  | { kind: 'error'; fileName: string; message: string }
  | { kind: 'ready'; csv: ParsedCsv };

/** The preview of the file under the current mapping, recomputed (in chunks) when either changes. */
function usePreview(csv: ParsedCsv | null, mapping: ColumnMapping, usable: boolean): CsvPreview | null {
  const [preview, setPreview] = useState<{ for: unknown; value: CsvPreview } | null>(null);
  useEffect(() => {
    if (!csv || !usable) return;
    const controller = new AbortController();
    void previewRowsInChunks(csv.records, csv.headers.length, mapping, controller.signal).then((value) => {
      if (value) setPreview({ for: mapping, value });
    });
    return () => controller.abort();
  }, [csv, mapping, usable]);
  return preview && preview.for === mapping ? preview.value : null;
}

/** Admin: import people from a CSV file, with a preview in the browser before anything is sent. */
export function CsvImportPage() {
  const [file, setFile] = useState<FileState>({ kind: 'none' });
  const [mapping, setMapping] = useState<ColumnMapping>([]);
  const [options, setOptions] = useState({ dryRun: false, createTeams: true });
  const run = useImportRun();
  const csv = file.kind === 'ready' ? file.csv : null;
  const problems = useMemo(() => mappingProblems(mapping), [mapping]);
  const usable = csv !== null && isMappingUsable(problems);
  const preview = usePreview(csv, mapping, usable);
  const running = run.mutation.isPending;
  const result = run.mutation.data;
  const ranDry = run.mutation.variables?.options.dryRun ?? false;

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
    if (csv && usable) run.mutation.mutate({ csv, mapping, options });
  }

  return (
    <div className="page csv-import">
      <div className="row-between">
        <div>
          <Link to="/admin/settings/users">Back to users</Link>
          <h1>Import users from a CSV file</h1>
          <p className="muted">One row per person. Rows are checked here first; nothing is saved until you import.</p>
        </div>
        <CsvImportTemplateButton />
      </div>

      <section className="csv-step" aria-labelledby="csv-step-file">
        <h2 id="csv-step-file">1. Choose the file</h2>
        <CsvImportDropzone onFile={(f) => void chooseFile(f)} disabled={running || file.kind === 'reading'} fileName={file.kind === 'none' ? null : file.kind === 'ready' ? file.csv.fileName : file.fileName} />
        {file.kind === 'reading' && <PendingView label="Reading the file…" />}
        {file.kind === 'error' && <p role="alert" className="form-error">{file.message}</p>}
      </section>

      {csv && (
        <section className="csv-step" aria-labelledby="csv-step-columns">
          <h2 id="csv-step-columns">2. Match the columns</h2>
          <CsvImportMapping csv={csv} mapping={mapping} problems={problems} onChange={(next) => { run.reset(); setMapping(next); }} disabled={running} />
        </section>
      )}

      {usable && (
        <section className="csv-step" aria-labelledby="csv-step-check">
          <h2 id="csv-step-check">3. Check the rows</h2>
          {preview ? <CsvImportPreview preview={preview} /> : <PendingView label="Checking the rows…" />}
        </section>
      )}

      {usable && preview && (
        <section className="csv-step" aria-labelledby="csv-step-import">
          <h2 id="csv-step-import">4. Import</h2>
          <CsvImportOptions options={options} onChange={setOptions} disabled={running} />
          {preview.valid === 0 && <p className="form-error">No row is ready to import; fix the file and choose it again.</p>}
          <div>
            <button type="button" className="button" disabled={running || preview.valid === 0} aria-busy={running || undefined} onClick={startImport}>
              {running ? 'Importing…' : options.dryRun ? `Check ${preview.total.toLocaleString('en')} rows on the server` : `Import ${preview.valid.toLocaleString('en')} ${preview.valid === 1 ? 'person' : 'people'}`}
            </button>
          </div>
          <FormError message={run.mutation.error?.message} />
          {run.progress && <CsvImportProgress progress={run.progress} dryRun={run.mutation.variables?.options.dryRun ?? options.dryRun} />}
        </section>
      )}

      {result && <CsvImportResult key={result.batch_id} result={result} dryRun={ranDry} />}

      <CsvImportRecent />
    </div>
  );
}
