import { useMemo } from 'react';
import { IMPORT_FIELDS, type ImportField } from '../../../../shared/csv-headers.js';
import { FIELD_HINTS, FIELD_LABELS, suggestColumns, type ColumnMapping, type MappingProblems } from '../csv-import.mapping.js';
import type { ParsedCsv } from '../csv-import.parse.js';

type Props = { csv: ParsedCsv; mapping: ColumnMapping; problems: MappingProblems; onChange: (mapping: ColumnMapping) => void; disabled: boolean };

const label = (field: ImportField) =>
  field === 'email' ? 'Email (required)' : field === 'full_name' ? 'Full name (or first + last name)' : FIELD_LABELS[field];

/**
 * Each column of the file with its first value and the field it fills; matched automatically,
 * changeable. An ignored column that resembles a field still free offers it ("Closest field").
 * On a phone each column is a small card (name, first value, menu) instead of a row.
 */
export function CsvImportMapping({ csv, mapping, problems, onChange, disabled }: Props) {
  const sample = csv.records[0]?.cells ?? [];
  const used = new Set(mapping.filter((m): m is ImportField => m !== null));
  const hints = IMPORT_FIELDS.filter((f) => used.has(f) && FIELD_HINTS[f]);
  const suggestions = useMemo(() => suggestColumns(csv.headers, mapping), [csv.headers, mapping]);
  const choose = (i: number, field: ImportField | null) => {
    const next = [...mapping];
    next[i] = field;
    onChange(next);
  };
  return (
    <div className="csv-mapping">
      {problems.nothingRecognised && (
        <p role="alert" className="notice notice-warning">
          No column of the first row is one we recognise (such as Email, Work Email, Full Name, First Name, Last Name, Department or Manager Email), so the
          first row may not be a header. Add a header row (the template shows one), or pick below which field each column fills.
        </p>
      )}
      <div className="csv-table-wrap csv-mapping-wrap">
        <table className="csv-table csv-mapping-table">
          <caption className="sr-only">Columns of your file and the fields they fill</caption>
          <thead>
            <tr>
              <th scope="col">Column in your file</th>
              <th scope="col">First value</th>
              <th scope="col">Imports as</th>
            </tr>
          </thead>
          <tbody>
            {csv.headers.map((header, i) => {
              const name = header || `Column ${i + 1}`;
              return (
                <tr key={i}>
                  <th scope="row">{name}</th>
                  <td className="csv-cell-clip" data-label="First value">
                    {sample[i] ?? ''}
                  </td>
                  <td>
                    <select
                      aria-label={`Field for the column "${name}"`}
                      value={mapping[i] ?? ''}
                      disabled={disabled}
                      onChange={(event) => choose(i, (event.currentTarget.value || null) as ImportField | null)}
                    >
                      <option value="">Ignore this column</option>
                      {IMPORT_FIELDS.map((field) => (
                        <option key={field} value={field}>
                          {label(field)}
                        </option>
                      ))}
                    </select>
                    {suggestions[i] && (
                      <p className="csv-suggestion">
                        <span className="muted">Closest field: {FIELD_LABELS[suggestions[i]]}</span>{' '}
                        <button
                          type="button"
                          className="button button-small button-secondary"
                          disabled={disabled}
                          aria-label={`Use ${FIELD_LABELS[suggestions[i]]} for the column "${name}"`}
                          onClick={() => choose(i, suggestions[i]!)}
                        >
                          Use it
                        </button>
                      </p>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {hints.length > 0 && (
        <ul className="muted csv-mapping-hints">
          {hints.map((f) => (
            <li key={f}>
              {FIELD_LABELS[f]}: {FIELD_HINTS[f]}.
            </li>
          ))}
        </ul>
      )}
      {problems.missing.length > 0 && (
        <p role="alert" className="form-error">
          {problems.missing.includes('email') && 'Pick the column that holds the email: every person needs one. '}
          {problems.missing.includes('full_name') &&
            'Pick the column that holds the full name, or the columns of the first and the last name: every person needs a name.'}
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
