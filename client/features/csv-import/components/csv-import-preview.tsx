import type { CsvPreview } from '../csv-import.validate.js';
import { CsvImportIssueTable } from './csv-import-issue-table.js';

const people = (n: number) => `${n.toLocaleString('en')} ${n === 1 ? 'row' : 'rows'}`;

/** What the browser found before anything is sent: counts, then each row that needs fixing. */
export function CsvImportPreview({ preview }: { preview: CsvPreview }) {
  const invalid = preview.issues.length;
  return (
    <div className="csv-preview">
      <div role="group" aria-label="Preview counts">
        <dl className="csv-counts">
          <div><dt>Rows in the file</dt><dd>{preview.total.toLocaleString('en')}</dd></div>
          <div className="csv-count-ok"><dt>Ready to import</dt><dd>{preview.valid.toLocaleString('en')}</dd></div>
          <div className={invalid ? 'csv-count-bad' : undefined}><dt>Need fixing</dt><dd>{invalid.toLocaleString('en')}</dd></div>
        </dl>
      </div>
      {invalid === 0 ? (
        <p className="notice">All {people(preview.total)} look right. The server still checks email domains, existing users, teams and managers.</p>
      ) : (
        <>
          <p>
            {people(invalid)} will not be imported as they are. Fix them in your file and choose it again, or import the others now:
            the server skips these rows and reports them again.
          </p>
          <CsvImportIssueTable issues={preview.issues} caption="Rows that need fixing" />
        </>
      )}
    </div>
  );
}
