/**
 * The import's server calls besides the upload: the progress subscription (through the one
 * subscription client), the batch result (when the upload's answer was lost), the rollback,
 * and the template download (Bearer-authenticated, so fetched and saved as a blob).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toSafeCsv } from '../../../shared/csv-safe.js';
import { downloadWithToken } from '../../lib/download.js';
import { gql, graphql, type ResultOf } from '../../lib/graphql.js';
import { subscribe, subscriptionClient } from '../../lib/subscriptions.js';
import { SEND_INVITATIONS } from '../admin-users/admin-users.api.js';
import type { MassCreateResult, MassCreateUserError } from './csv-import.upload.js';

export const PROGRESS = graphql(`
  subscription MassCreateProgress($batch_id: ID!) {
    massCreateProgress(batch_id: $batch_id) { batch_id processed total created failed done }
  }
`);

export type MassCreateProgress = ResultOf<typeof PROGRESS>['massCreateProgress'];

/** How long to wait for a new socket's acknowledgement before sending anyway. */
const SUBSCRIBE_SETTLE_MS = 600;

/**
 * Subscribes to the batch's progress and resolves once the subscription is on its way to the
 * server (a fresh socket acknowledged, or a short wait on an open one), so the upload that
 * follows cannot finish before the server listens. Resolves to the function that ends it.
 */
export async function watchImportProgress(batchId: string, onProgress: (progress: MassCreateProgress) => void): Promise<() => void> {
  const client = subscriptionClient();
  let offConnected = () => undefined as void;
  const connected = new Promise<void>((resolve) => {
    offConnected = client.on('connected', () => setTimeout(resolve, 50));
  });
  const stop = subscribe(
    PROGRESS,
    {
      next: (message) => {
        const progress = message.data?.massCreateProgress;
        if (progress) onProgress(progress);
      },
      // Progress is a nicety: the upload's answer carries the result either way.
      error: () => undefined,
      complete: () => undefined,
    },
    { batch_id: batchId },
  );
  await Promise.race([connected, new Promise((resolve) => setTimeout(resolve, SUBSCRIBE_SETTLE_MS))]);
  offConnected();
  return stop;
}

export const RESULT = graphql(`
  query MassCreation($batch_id: ID!) {
    massCreation(batch_id: $batch_id) {
      batch_id count totalUserWithEmailError usersWithErrors { row email errorType message } created_ids
      teams { name existing members_before joining manager_email manager_name }
      divisions { name existing departments { name existing } }
      promoted { row email full_name reports }
      seat_limit
    }
  }
`);

/** The stored result of a finished batch, or null when it has none (yet). */
export async function fetchImportResult(batchId: string): Promise<MassCreateResult | null> {
  return (await gql(RESULT, { batch_id: batchId })).massCreation;
}

export const ROLLBACK = graphql(`
  mutation RollbackMassCreation($batch_id: ID!) {
    rollbackMassCreation(batch_id: $batch_id)
  }
`);

/** Removes the batch's users who never signed in; answers how many. Lists of users refetch. */
export function useRollbackImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (batchId: string) => (await gql(ROLLBACK, { batch_id: batchId })).rollbackMassCreation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}

export const TEMPLATE_PATH = '/api/admin/users/import-template.csv';

/** The template needs the Bearer token like the other admin CSV endpoints: fetched, then saved. */
export function downloadTemplate(): Promise<void> {
  return downloadWithToken(TEMPLATE_PATH, 'teamlens-users-template.csv', (status) => `The template could not be downloaded (the server answered ${status}).`);
}

/** The per-row errors as a spreadsheet-safe CSV (cells that look like formulas are neutralised). */
export function errorsToCsv(errors: readonly MassCreateUserError[]): string {
  return toSafeCsv([['row', 'email', 'errorType', 'message'], ...errors.map((e) => [e.row, e.email, e.errorType, e.message])], { bom: true });
}

export const MAIL_DELIVERY = graphql(`
  query MailDelivery {
    mailDelivery
  }
`);
/** sendInvitations takes at most this many ids at once. */
const INVITE_CHUNK = 5_000;

export type InvitationOutcome = { sent: number; delivery: ResultOf<typeof MAIL_DELIVERY>['mailDelivery'] };

/** Sends the invitation mail to these (new, invited) people; answers how many went out and by which way. */
export function useSendInvitations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: readonly string[]): Promise<InvitationOutcome> => {
      let sent = 0;
      for (let i = 0; i < ids.length; i += INVITE_CHUNK) {
        sent += (await gql(SEND_INVITATIONS, { ids: ids.slice(i, i + INVITE_CHUNK) })).sendInvitations;
      }
      const { mailDelivery } = await gql(MAIL_DELIVERY);
      return { sent, delivery: mailDelivery };
    },
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['users'] }), queryClient.invalidateQueries({ queryKey: ['emailOutbox'] })]),
  });
}
