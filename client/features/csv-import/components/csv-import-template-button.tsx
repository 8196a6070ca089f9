import { useMutation } from '@tanstack/react-query';
import { downloadTemplate } from '../csv-import.api.js';

/** The import template (header and one example row), downloaded with the session's token. */
export function CsvImportTemplateButton() {
  const download = useMutation({ mutationFn: downloadTemplate });
  return (
    <div className="csv-template">
      <button
        type="button"
        className="button button-secondary"
        disabled={download.isPending}
        aria-busy={download.isPending || undefined}
        onClick={() => download.mutate()}
      >
        {download.isPending ? 'Downloading…' : 'Download the template'}
      </button>
      {download.error && (
        <p role="alert" className="form-error">
          {download.error.message}
        </p>
      )}
    </div>
  );
}
