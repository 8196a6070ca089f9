import { auth } from './auth.js';

/** Offers a blob as a download with this file name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The default wording of a refused download: the server's own message, else the status. */
const defaultFailure = (status: number, serverMessage: string | null) => serverMessage ?? `The download failed (HTTP ${status}).`;

/**
 * GETs a file from an endpoint that takes the Bearer access token like /graphql (no cookie, so a
 * plain link cannot authenticate) and offers it as a download, named as the server's
 * Content-Disposition says (else `fallbackName`). A refusal throws `failure(status, its message)`.
 */
export async function downloadWithToken(path: string, fallbackName: string, failure = defaultFailure): Promise<void> {
  const token = await auth.getAccessToken();
  const res = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
    throw new Error(failure(res.status, typeof body?.message === 'string' ? body.message : null));
  }
  const name = /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  saveBlob(await res.blob(), name);
}
