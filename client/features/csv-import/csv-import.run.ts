import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchImportResult, watchImportProgress, type MassCreateProgress } from './csv-import.api.js';
import type { ColumnMapping } from './csv-import.mapping.js';
import type { ParsedCsv } from './csv-import.parse.js';
import { ImportError, buildUploadCsv, uploadCsv, type ImportOptions, type MassCreateResult } from './csv-import.upload.js';

/** A random (v4) UUID; crypto.randomUUID exists only on https and localhost, getRandomValues everywhere. */
export function newBatchId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export type ImportRequest = { csv: ParsedCsv; mapping: ColumnMapping; options: ImportOptions };

/** Progress shown before the first event: the rows are known, none processed yet. */
const startOf = (batchId: string, total: number): MassCreateProgress => ({ batch_id: batchId, processed: 0, total, created: 0, failed: 0, done: false });

/**
 * One run on the server (a dry run for the preview, or the import): a new batch id, the progress
 * subscription opened first, then the upload. When the upload's answer is lost on the way back,
 * the stored batch result is asked for.
 */
async function runOnServer(
  { csv, mapping, options }: ImportRequest,
  onProgress: (progress: MassCreateProgress) => void,
  signal?: AbortSignal,
): Promise<MassCreateResult> {
  const batchId = newBatchId();
  const total = csv.records.length;
  let last = startOf(batchId, total);
  onProgress(last);
  const stop = await watchImportProgress(batchId, (event) => {
    if (event.batch_id === batchId && !last.done && !signal?.aborted) onProgress((last = event));
  });
  try {
    const result = await uploadCsv(buildUploadCsv(csv, mapping), { ...options, batchId, signal }).catch(async (err: unknown) => {
      if (!(err instanceof ImportError) || !err.networkFailure) throw err;
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const stored = await fetchImportResult(batchId).catch(() => null);
      if (stored) return stored;
      throw err;
    });
    last = { batch_id: batchId, processed: total, total, created: options.dryRun ? 0 : result.count, failed: result.usersWithErrors.length, done: true };
    if (!signal?.aborted) onProgress(last);
    return result;
  } finally {
    stop();
  }
}

/** The import itself, with the server's progress. */
export function useImportRun() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<MassCreateProgress | null>(null);

  const mutation = useMutation({
    mutationFn: async (request: ImportRequest): Promise<MassCreateResult> => {
      try {
        return await runOnServer(request, setProgress);
      } catch (err) {
        setProgress(null);
        throw err;
      }
    },
    onSuccess: async (_result, { options }) => {
      if (!options.dryRun) await queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });

  function reset() {
    mutation.reset();
    setProgress(null);
  }

  return { mutation, progress, reset };
}

export type ServerPreview =
  | { status: 'idle' }
  | { status: 'checking'; progress: MassCreateProgress | null }
  | { status: 'error'; message: string }
  | { status: 'done'; result: MassCreateResult };

/** Wait after a change of the mapping before asking the server, so quick changes send one dry run. */
const SETTLE_MS = 250;

/**
 * The preview: the server's own dry run of the mapped file (docs/decisions/0029), so the counts
 * and refused rows shown are those of the import. Runs again when the file, the mapping or the
 * team option changes; an older run still on its way is abandoned. Managers are always planned
 * (promotion does not change which rows are created); the admin decides at import time.
 */
export function useServerPreview(request: ImportRequest | null): { preview: ServerPreview; retry: () => void } {
  const [state, setState] = useState<{ for: ImportRequest | null; value: ServerPreview }>({ for: null, value: { status: 'idle' } });
  const [attempt, setAttempt] = useState(0);
  const retry = () => setAttempt((n) => n + 1);
  useEffect(() => {
    if (!request) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState({ for: request, value: { status: 'checking', progress: null } });
      runOnServer(request, (progress) => setState({ for: request, value: { status: 'checking', progress } }), controller.signal)
        .then((result) => {
          if (!controller.signal.aborted) setState({ for: request, value: { status: 'done', result } });
        })
        .catch((err: unknown) => {
          if (!controller.signal.aborted) setState({ for: request, value: { status: 'error', message: err instanceof Error ? err.message : String(err) } });
        });
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [request, attempt]);
  if (!request) return { preview: { status: 'idle' }, retry };
  return { preview: state.for === request ? state.value : { status: 'checking', progress: null }, retry };
}
