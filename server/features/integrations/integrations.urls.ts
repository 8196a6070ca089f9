/**
 * The one filter of links that come from a provider's payload (docs/decisions/0057): a pull
 * request's or issue's page, a repository's or project's, an issue opened for a retro action item.
 * The pages show them as links, so only an absolute `http:` or `https:` URL is kept; anything else
 * (`javascript:`, `data:`, `vbscript:`, a relative or unparsable value) is stored as null, as if the
 * service had sent none. Applied where records enter the tables: the ingest writer
 * (integrations.ingest.repo.ts), the scope list (integrations.connections.repo.ts) and the issues opened
 * for retro action items (integrations.retro-actions.ts).
 */
export function httpUrlOrNull(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (!trimmed || trimmed.length > 2048) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? trimmed : null;
}
