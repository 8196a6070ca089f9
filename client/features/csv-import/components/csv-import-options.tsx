import type { ImportOptions } from '../csv-import.upload.js';

type Props = { options: ImportOptions; onChange: (options: ImportOptions) => void; disabled: boolean };

export function CsvImportOptions({ options, onChange, disabled }: Props) {
  return (
    <fieldset className="checkbox-list csv-options">
      <legend className="sr-only">Import options</legend>
      <label className="checkbox">
        <input type="checkbox" checked={options.createTeams} disabled={disabled} onChange={(e) => onChange({ ...options, createTeams: e.currentTarget.checked })} />
        <span>Create teams that do not exist yet <span className="muted">(otherwise rows naming an unknown team are skipped)</span></span>
      </label>
      <label className="checkbox">
        <input type="checkbox" checked={options.dryRun} disabled={disabled} onChange={(e) => onChange({ ...options, dryRun: e.currentTarget.checked })} />
        <span>Dry run <span className="muted">(the server checks everything and reports, but creates nobody)</span></span>
      </label>
    </fieldset>
  );
}
