import { CSV_COLUMNS, REQUIRED_CSV_COLUMNS, type MassCreateColumn } from '../../../../shared/mass-create.schema.js';
import { FIELD_LABELS, type ColumnMapping, type MappingProblems } from '../csv-import.mapping.js';
import type { ParsedCsv } from '../csv-import.parse.js';

type Props = { csv: ParsedCsv; mapping: ColumnMapping; problems: MappingProblems; onChange: (mapping: ColumnMapping) => void; disabled: boolean };

const label = (column: MassCreateColumn) => `${FIELD_LABELS[column]}${REQUIRED_CSV_COLUMNS.includes(column) ? ' (required)' : ''}`;

/** Each column of the file with its first value and the field it fills; matched automatically, changeable. */
export function CsvImportMapping({ csv, mapping, problems, onChange, disabled }: Props) {
  const sample = csv.records[0]?.cells ?? [];
  return (
    <div className="csv-mapping">
      {problems.nothingRecognised && (
        <p role="alert" className="notice notice-warning">
          No column of the first row is one we recognise ({CSV_COLUMNS.join(', ')}), so the first row may not be a header.
          Add a header row (the template shows one), or pick below which field each column fills.
        </p>
      )}
      <div className="csv-table-wrap">
        <table className="csv-table">
          <caption className="sr-only">Columns of your file and the fields they fill</caption>
          <thead>
            <tr><th scope="col">Column in your file</th><th scope="col">First value</th><th scope="col">Imports as</th></tr>
          </thead>
          <tbody>
            {csv.headers.map((header, i) => {
              const name = header || `Column ${i + 1}`;
              return (
                <tr key={i}>
                  <th scope="row">{name}</th>
                  <td className="csv-cell-clip">{sample[i] ?? ''}</td>
                  <td>
                    <select
                      aria-label={`Field for the column "${name}"`}
                      value={mapping[i] ?? ''}
                      disabled={disabled}
                      onChange={(event) => {
                        const next = [...mapping];
                        next[i] = (event.currentTarget.value || null) as MassCreateColumn | null;
                        onChange(next);
                      }}
                    >
                      <option value="">Ignore this column</option>
                      {CSV_COLUMNS.map((column) => <option key={column} value={column}>{label(column)}</option>)}
                    </select>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {problems.missing.length > 0 && (
        <p role="alert" className="form-error">
          Pick the column that holds {problems.missing.map((c) => FIELD_LABELS[c].toLowerCase()).join(' and ')}: every person needs {problems.missing.length > 1 ? 'both' : 'one'}.
        </p>
      )}
      {problems.duplicates.length > 0 && (
        <p role="alert" className="form-error">
          {problems.duplicates.map((c) => FIELD_LABELS[c]).join(', ')}: more than one column is set to this field; keep one.
        </p>
      )}
    </div>
  );
}
