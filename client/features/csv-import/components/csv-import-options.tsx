/** The choice that changes which rows the server accepts (so the preview runs again when it changes). */
export function CsvImportOptions({ createTeams, onChange, disabled }: { createTeams: boolean; onChange: (createTeams: boolean) => void; disabled: boolean }) {
  return (
    <label className="checkbox csv-options">
      <input type="checkbox" checked={createTeams} disabled={disabled} onChange={(e) => onChange(e.currentTarget.checked)} />
      <span>
        Create teams that do not exist yet <span className="muted">(otherwise rows naming an unknown team or department are refused)</span>
      </span>
    </label>
  );
}
