import { useMutation } from '@tanstack/react-query';
import { auth } from '../../lib/auth.js';
import { gql, graphql } from '../../lib/graphql.js';

export const SIGN_OUT_EVERYWHERE = graphql(`
  mutation SignOutEverywhere {
    signOutEverywhere
  }
`);

/** Ends every session of mine, this one too; the caller then goes to /logout. */
export function useSignOutEverywhere() {
  return useMutation({ mutationFn: async () => (await gql(SIGN_OUT_EVERYWHERE)).signOutEverywhere });
}

export const REMOVE_LOGGED_USER = graphql(`
  mutation RemoveLoggedUser($password: String!) {
    removeLoggedUser(password: $password)
  }
`);

/** Closes (soft-deletes) my account after checking my password; every session of mine ends. */
export function useCloseMyAccount() {
  return useMutation({ mutationFn: async (password: string) => (await gql(REMOVE_LOGGED_USER, { password })).removeLoggedUser });
}

export type UploadedMedia = { id: string; display_name: string | null; key: string; url: string };

export class UploadError extends Error {}

/** POST /api/media (multipart, Bearer token): the stored picture, or an UploadError with the server's message. */
export async function uploadPicture(file: Blob, filename: string): Promise<UploadedMedia> {
  const token = await auth.getAccessToken();
  if (!token) throw new UploadError('Your session has ended. Sign in again to upload a picture.');
  const body = new FormData();
  body.append('file', file, filename);
  let res: Response;
  try {
    res = await fetch('/api/media', { method: 'POST', headers: { authorization: `Bearer ${token}` }, body });
  } catch {
    throw new UploadError('The server could not be reached. Check your connection and try again.');
  }
  const answer = (await res.json().catch(() => null)) as (UploadedMedia & { message?: string }) | null;
  if (!res.ok || !answer) throw new UploadError(answer?.message ?? `The upload failed (${res.status}). Try again.`);
  return answer;
}
