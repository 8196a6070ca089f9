import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
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
 * One import run: a new batch id, the progress subscription opened first, then the upload.
 * When the upload's answer is lost on the way back, the stored batch result is asked for.
 */
export function useImportRun() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<MassCreateProgress | null>(null);

  const mutation = useMutation({
    mutationFn: async ({ csv, mapping, options }: ImportRequest): Promise<MassCreateResult> => {
      const batchId = newBatchId();
      setProgress(startOf(batchId, csv.records.length));
      const stop = await watchImportProgress(batchId, (event) => {
        if (event.batch_id === batchId) setProgress((prev) => (prev && prev.done ? prev : event));
      });
      try {
        const result = await uploadCsv(buildUploadCsv(csv, mapping), { ...options, batchId }).catch(async (err: unknown) => {
          if (!(err instanceof ImportError) || !err.networkFailure) throw err;
          await new Promise((resolve) => setTimeout(resolve, 1_500));
          const stored = await fetchImportResult(batchId).catch(() => null);
          if (stored) return stored;
          throw err;
        });
        const total = csv.records.length;
        setProgress({ batch_id: batchId, processed: total, total, created: options.dryRun ? 0 : result.count, failed: result.usersWithErrors.length, done: true });
        return result;
      } catch (err) {
        setProgress(null);
        throw err;
      } finally {
        stop();
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
