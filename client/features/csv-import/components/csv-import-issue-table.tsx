import type { MassCreateErrorType } from '../../../../shared/enums.js';
import { formatNumber } from '../../../../shared/format.js';

export const ERROR_TYPE_LABELS: Record<MassCreateErrorType, string> = {
  INVALID_EMAIL: 'Invalid email',
  BLOCKED_EMAIL_DOMAIN: 'Email domain not allowed',
  DUPLICATE_IN_FILE: 'Repeated in the file',
  ALREADY_EXISTS: 'Already a user',
  INVALID_ROW: 'Invalid row',
  UNKNOWN_TEAM: 'Unknown team',
  UNKNOWN_MANAGER: 'Unknown manager',
};

type Issue = { row: number; email: string; errorType: MassCreateErrorType; message: string };

/** Rows with a problem: row number, email, kind of error and message. Long lists show their start. */
export function CsvImportIssueTable({ issues, caption, limit = 200 }: { issues: readonly Issue[]; caption: string; limit?: number }) {
  const shown = issues.slice(0, limit);
  return (
    <>
      <div className="csv-table-wrap csv-issue-wrap" tabIndex={0} role="region" aria-label={caption}>
        <table className="csv-table csv-issue-table">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">Email</th>
              <th scope="col">Error</th>
              <th scope="col">Message</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((issue) => (
              <tr key={`${issue.row}-${issue.errorType}`}>
                <td data-label="Row">{issue.row}</td>
                <td data-label="Email" className="csv-cell-clip">
                  {issue.email || <span className="muted">(none)</span>}
                </td>
                <td data-label="Error">{ERROR_TYPE_LABELS[issue.errorType]}</td>
                <td data-label="Message">{issue.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {issues.length > shown.length && (
        <p className="muted">
          Showing the first {shown.length} of {formatNumber(issues.length)} rows with problems.
        </p>
      )}
    </>
  );
}
