import { useId, useRef, useState, type DragEvent } from 'react';

type Props = { onFile: (file: File) => void; disabled: boolean; fileName: string | null };

/**
 * Drop a file on the zone, or use its button (keyboard: Tab to it, Enter or Space). The file
 * input itself stays out of the tab order: the button is the one control people reach.
 */
export function CsvImportDropzone({ onFile, disabled, fileName }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const hintId = useId();

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  }

  return (
    <div
      className={`csv-dropzone${over ? ' csv-dropzone-over' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <p className="csv-dropzone-title">
        {fileName ? (
          <>
            Chosen: <strong>{fileName}</strong>
          </>
        ) : (
          'Drop a CSV file here'
        )}
      </p>
      <button type="button" className="button button-secondary" disabled={disabled} aria-describedby={hintId} onClick={() => input.current?.click()}>
        {fileName ? 'Choose another file' : 'Choose a CSV file'}
      </button>
      <p id={hintId} className="field-hint">
        CSV or Unicode text as your spreadsheet saves it, separated by commas, semicolons or tabs; up to 50,000 people and 20 MB.
      </p>
      <input
        ref={input}
        type="file"
        accept=".csv,.txt,.tsv,text/csv,text/plain"
        className="sr-only"
        tabIndex={-1}
        aria-label="CSV file"
        data-testid="csv-file-input"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          // Cleared, so choosing the same file again (after fixing it) reads it again.
          event.currentTarget.value = '';
          if (file) onFile(file);
        }}
      />
    </div>
  );
}
